import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import {
  ARCHIVE_PAGE_SIZE,
  FINALISE_REFRESH_MS,
  SALE_REPORT_MESSAGES,
  SALE_REPORT_PATHS,
  type SaleReport,
  type SaleReportArchiveItem,
} from '@tillpoint/contracts/sale-report';
import { api } from '../../shared/api';
import { formatDateTime, formatMoney } from '../../shared/format';
import { notify } from '../../shared/notify';
import { usePrivileges } from '../../shared/privileges';
import { confirmWarning } from '../../shared/ui/confirm';
import { LazyTable, type LazyTableHandle } from '../../shared/ui/lazy-table';
import { ReportLines, SaleReportDialog } from './report-lines';

const keys = { current: ['saleReport', 'current'] as const, one: (id: number) => ['saleReport', 'one', id] as const };

async function load(path: string): Promise<SaleReport> {
  const r = await api.get<SaleReport>(path);
  if (!r.ok) {
    notify(r);
    throw new Error('sale report not loaded');
  }
  return r.body;
}

/** #/salereport (spec 3 §2.1, §4.3): the current report with Finalise, and the archive of finalised reports. */
export default function SaleReportPage() {
  const can = usePrivileges(OBJECTS.saleReport);
  const queryClient = useQueryClient();
  const archive = useRef<LazyTableHandle>(null);
  const [open, setOpen] = useState<SaleReportArchiveItem | null>(null);
  const [finalising, setFinalising] = useState(false);
  const current = useQuery({ queryKey: keys.current, queryFn: () => load(SALE_REPORT_PATHS.current), enabled: can.view });
  const detail = useQuery({ queryKey: keys.one(open?.id ?? 0), queryFn: () => load(SALE_REPORT_PATHS.one(open?.id ?? 0)), enabled: open !== null });

  const finalise = async () => {
    const report = current.data;
    if (!report || !(await confirmWarning(SALE_REPORT_MESSAGES.confirmFinalise))) return;
    setFinalising(true);
    const r = await api.put<SaleReport>(SALE_REPORT_PATHS.finalise, { xreportCounter: report.xreportCounter });
    setFinalising(false);
    if (!notify(r)) return;
    // Spec 3 §4.3: the table refreshes 1 second after the report is finalised.
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: keys.current });
      archive.current?.refresh();
    }, FINALISE_REFRESH_MS);
  };

  if (!can.view) return <p>Not Authorized</p>;
  return (
    <div className="page sale-report-page">
      <h1>Sale Report</h1>
      <TabView>
        <TabPanel header="Sale Report">
          {current.data ? (
            <ReportLines
              report={current.data}
              actions={
                can.create && <Button type="button" label="Finalise" icon="pi pi-lock" size="small" loading={finalising} onClick={() => void finalise()} />
              }
            />
          ) : (
            <p aria-busy="true">Loading…</p>
          )}
        </TabPanel>
        <TabPanel header="Sale Report Archive">
          <LazyTable<SaleReportArchiveItem>
            ref={archive}
            title="Sale Report Archive"
            dataUrl={SALE_REPORT_PATHS.archive}
            rows={ARCHIVE_PAGE_SIZE}
            columns={[
              { field: 'xreportCounter', header: 'Report No', numeric: true },
              { field: 'fromDate', header: 'From Date', filter: false, body: (r) => formatDateTime(r.fromDate), exportFormat: 'dateTime' },
              { field: 'toDate', header: 'To Date', filter: false, body: (r) => formatDateTime(r.toDate), exportFormat: 'dateTime' },
              { field: 'grossSale', header: 'Gross Sale', numeric: true, align: 'right', body: (r) => formatMoney(r.grossSale), exportFormat: 'money' },
              { field: 'netSale', header: 'Net Sale', numeric: true, align: 'right', body: (r) => formatMoney(r.netSale), exportFormat: 'money' },
            ]}
            selection={open}
            onSelect={setOpen}
          />
        </TabPanel>
      </TabView>
      <SaleReportDialog open={open} report={detail.data} onClose={() => setOpen(null)}>
        {(report) => <ReportLines report={report} />}
      </SaleReportDialog>
    </div>
  );
}
