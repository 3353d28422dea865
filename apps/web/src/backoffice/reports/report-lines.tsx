import { type ReactNode, useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { SALE_REPORT_PATHS, SALE_REPORT_ROWS, type SaleReport, type SaleReportLine } from '@tillpoint/contracts/sale-report';
import { type TableExportRequest, exportFileName } from '@tillpoint/contracts/table-load';
import { api } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { notify } from '../../shared/notify';
import { tableLook } from '../../shared/ui/table-look';

const COLUMNS: { field: keyof SaleReportLine; header: string; align?: 'right' }[] = [
  { field: 'name', header: 'Name' },
  { field: 'quantityText', header: 'Quantity', align: 'right' },
  { field: 'amountText', header: 'Amount', align: 'right' },
];

export const reportTitle = (r: Pick<SaleReport, 'id' | 'xreportCounter'>) => (r.id === null ? 'Sale Report' : `Sale Report No ${r.xreportCounter}`);

/**
 * A report's table (spec 3 §2.1: 100 rows, no paging; name, quantityText, amountText) with Export
 * To PDF and Send Email, which act on the table shown (§4.3): the server's table mechanism renders
 * the report's lines (limit -1) as the PDF, and mails it to the signed-in user.
 */
export function ReportLines({ report, actions, exportable = true }: { report: SaleReport; actions?: React.ReactNode; exportable?: boolean }) {
  const headingId = useId();
  const [busy, setBusy] = useState<'pdf' | 'email' | null>(null);
  const tail = report.id === null ? '' : `/${report.id}`;
  const title = reportTitle(report);
  const { rowClassName: _passive, ...look } = tableLook(headingId, report.lines.length);
  const body = (): TableExportRequest => ({
    filter: [],
    sort: [],
    pageNumber: 0,
    limit: -1,
    title,
    columns: COLUMNS.map((c) => ({ field: c.field, header: c.header })),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  const exportPdf = async () => {
    setBusy('pdf');
    const r = await api.file('PUT', `${SALE_REPORT_PATHS.currentLines}/export/pdf${tail}`, body());
    setBusy(null);
    if (!r.ok) return void notify(r, { suppressSuccess: true });
    const url = URL.createObjectURL(r.body);
    const a = document.createElement('a');
    a.href = url;
    a.download = exportFileName(title, 'pdf', new Date());
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const sendEmail = async () => {
    setBusy('email');
    const r = await api.put(`${SALE_REPORT_PATHS.currentLines}/sendEmail${tail}`, { ...body(), format: 'pdf' });
    setBusy(null);
    notify(r);
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>{title}</h2>
        <div className="toolbar">
          {actions}
          {/* The exports are the merchant's calls: the admin sale report shows the lines without them. */}
          {exportable && (
            <>
              <Button type="button" label="Export To PDF" icon="pi pi-file-pdf" size="small" outlined loading={busy === 'pdf'} disabled={busy !== null} onClick={() => void exportPdf()} />
              <Button type="button" label="Send Email" icon="pi pi-envelope" size="small" outlined loading={busy === 'email'} disabled={busy !== null} onClick={() => void sendEmail()} />
            </>
          )}
        </div>
      </header>
      <p className="report-period">
        {formatDateTime(report.fromDate)} – {formatDateTime(report.toDate)}
      </p>
      <DataTable {...look} value={report.lines.slice(0, SALE_REPORT_ROWS)} dataKey="name">
        {COLUMNS.map((c) => (
          <Column key={c.field} field={c.field} header={c.header} align={c.align} />
        ))}
      </DataTable>
    </section>
  );
}

/**
 * 'Sale Report Details', the dialog both report screens open on a row of their table: `children`
 * draws the row's report once it has loaded (the query may still hold the row opened before).
 */
export function SaleReportDialog<R extends { id: number }>({
  open,
  report,
  onClose,
  children,
}: {
  open: R | null;
  report: SaleReport | undefined;
  onClose: () => void;
  children: (report: SaleReport, row: R) => ReactNode;
}) {
  return (
    <Dialog
      header="Sale Report Details"
      visible={open !== null}
      onHide={onClose}
      style={{ width: 'min(48rem, 95vw)' }}
      footer={<Button type="button" label="Close" onClick={onClose} />}
    >
      {report && open && report.id === open.id ? children(report, open) : <p aria-busy="true">Loading…</p>}
    </Dialog>
  );
}
