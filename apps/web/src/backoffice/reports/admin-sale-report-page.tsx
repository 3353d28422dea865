import { useId, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import {
  ADMIN_REPORT_DETAIL_ROWS,
  ADMIN_REPORT_PAGE_SIZE,
  ADMIN_SALE_REPORT_PATHS,
  type AdminSaleReportRow,
  REPORT_CHANNELS,
  REPORT_DURATIONS,
  type ReportChannel,
  SALE_REPORT_MESSAGES,
  type SaleReport,
  type SaleReportSummary,
} from '@tillpoint/contracts/sale-report';
import { api } from '../../shared/api';
import { formatDateTime, formatMoney } from '../../shared/format';
import { notify } from '../../shared/notify';
import { confirmWarning } from '../../shared/ui/confirm';
import { FieldFrame } from '../../shared/ui/field-frame';
import { pageSizeOptions, tableLook } from '../../shared/ui/table-look';
import { AccountBranchPicker } from '../accounts/account-branch-picker';
import { ReportLines, SaleReportDialog } from './report-lines';
import './admin-sale-report.css';

const DAY_MS = 86_400_000;

type Filters = {
  accountId: number | null;
  branchId: number | null;
  /** 7, 30 or 90 days up to the moment it was chosen; null once a date is picked. */
  duration: number | null;
  start: Date | null;
  end: Date | null;
  channel: ReportChannel | null;
};

/** Spec 1 §4: a duration of N days sets the end to now and the start to N days before. */
const lastDays = (days: number) => {
  const end = new Date();
  return { duration: days, start: new Date(end.getTime() - days * DAY_MS), end };
};

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);

type Page = { data: AdminSaleReportRow[]; totalCount: number };

async function load<T>(path: string): Promise<T> {
  const r = await api.get<T>(path);
  if (!r.ok) {
    notify(r);
    throw new Error('admin sale report not loaded');
  }
  return r.body;
}

const FIGURES: { label: string; money: keyof SaleReportSummary; count: keyof SaleReportSummary; unit: string }[] = [
  { label: 'Net Sale', money: 'netSale', count: 'netSaleCnt', unit: 'sale' },
  { label: 'Gross Sale', money: 'grossSale', count: 'grossSaleCnt', unit: 'sale' },
  { label: 'Refunds', money: 'refunds', count: 'refundsCnt', unit: 'refund' },
];

const counted = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * #/adminSaleReport (spec 1 "Admin sale report", §4, §7, §9): every merchant's finalised reports,
 * narrowed by account and branch, dates (or the last 7, 30 or 90 days) and channel; the summary of
 * the range, the reports 10 to a page, and a report's lines (100, unpaged) with Calculate Again.
 */
export default function AdminSaleReportPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>(() => ({ accountId: null, branchId: null, channel: null, ...lastDays(REPORT_DURATIONS[0]) }));
  const [page, setPage] = useState({ first: 0, rows: ADMIN_REPORT_PAGE_SIZE });
  const [open, setOpen] = useState<AdminSaleReportRow | null>(null);
  const [calculating, setCalculating] = useState(false);

  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, first: 0 }));
  };

  // -1 stands for no branch, start or end (spec 1 §7).
  const branch = filters.branchId ?? -1;
  const start = filters.start ? filters.start.getTime() : -1;
  const end = filters.end ? filters.end.getTime() : -1;
  const channel = filters.channel ? `channel=${filters.channel}` : '';
  const pageQuery = [channel, `pageNumber=${page.first / page.rows}`, `limit=${page.rows}`].filter(Boolean).join('&');

  const summary = useQuery({
    queryKey: ['adminSaleReport', 'summary', branch, start, end, filters.channel],
    queryFn: () => load<SaleReportSummary>(`${ADMIN_SALE_REPORT_PATHS.summary(branch, start, end)}${channel ? `?${channel}` : ''}`),
  });
  const table = useQuery({
    queryKey: ['adminSaleReport', 'table', branch, start, end, filters.channel, page.first, page.rows],
    queryFn: () => load<Page>(`${ADMIN_SALE_REPORT_PATHS.table(branch, start, end)}?${pageQuery}`),
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({
    queryKey: ['adminSaleReport', 'detail', open?.id ?? 0, open?.merchantBranchId ?? 0],
    queryFn: () => load<SaleReport>(ADMIN_SALE_REPORT_PATHS.detail(open?.id ?? 0, open?.merchantBranchId ?? 0)),
    enabled: open !== null,
  });

  const refresh = () => {
    // A duration runs up to now: refreshing moves its window on, so reports finalised since show.
    if (filters.duration !== null) change(lastDays(filters.duration));
    void queryClient.invalidateQueries({ queryKey: ['adminSaleReport'] });
  };

  const calculateAgain = async () => {
    if (!open || !(await confirmWarning(SALE_REPORT_MESSAGES.confirmCalculate))) return;
    setCalculating(true);
    const r = await api.put<SaleReport>(ADMIN_SALE_REPORT_PATHS.calculate(open.id));
    setCalculating(false);
    if (!notify(r)) return;
    queryClient.setQueryData(['adminSaleReport', 'detail', open.id, open.merchantBranchId], r.body);
    void queryClient.invalidateQueries({ queryKey: ['adminSaleReport'], predicate: (q) => q.queryKey[1] !== 'detail' });
  };

  const rows = table.data?.data ?? [];
  const total = table.data?.totalCount ?? 0;
  const money = (field: 'netSale' | 'grossSale' | 'refunds') => (r: AdminSaleReportRow) => formatMoney(r[field]);

  return (
    <div className="admin-sale-report-page">
      <section className="card" aria-labelledby={`${id}-filters`}>
        <header className="card-header">
          <h2 id={`${id}-filters`}>Admin Sale Report</h2>
        </header>
        <div className="field-grid wide-fields">
          <AccountBranchPicker
            accountId={filters.accountId}
            branchId={filters.branchId}
            onChange={(accountId, branchId) => change({ accountId, branchId })}
          />
        </div>
        <div className="field-grid report-range">
          <FieldFrame id={`${id}-duration`} label="Duration">
            <Dropdown
              inputId={`${id}-duration`}
              value={filters.duration}
              options={REPORT_DURATIONS.map((d) => ({ label: `${d} Days`, value: d }))}
              onChange={(e) => change(e.value === null || e.value === undefined ? { duration: null } : lastDays(e.value as number))}
              placeholder="Select"
              showClear
              className="w-full"
            />
          </FieldFrame>
          {/* Picking a date clears the duration (spec 1 §4): the range is then whole days. */}
          <FieldFrame id={`${id}-start`} label="Start Date">
            <Calendar
              inputId={`${id}-start`}
              value={filters.start}
              onChange={(e) => change({ duration: null, start: e.value ? startOfDay(e.value) : null })}
              dateFormat="dd/mm/yy"
              maxDate={filters.end ?? undefined}
              showIcon
              showButtonBar
              className="w-full"
            />
          </FieldFrame>
          <FieldFrame id={`${id}-end`} label="End Date">
            <Calendar
              inputId={`${id}-end`}
              value={filters.end}
              onChange={(e) => change({ duration: null, end: e.value ? endOfDay(e.value) : null })}
              dateFormat="dd/mm/yy"
              minDate={filters.start ?? undefined}
              showIcon
              showButtonBar
              className="w-full"
            />
          </FieldFrame>
          <FieldFrame id={`${id}-channel`} label="Channel">
            <Dropdown
              inputId={`${id}-channel`}
              value={filters.channel}
              options={REPORT_CHANNELS.map((c) => ({ label: c, value: c }))}
              onChange={(e) => change({ channel: (e.value as ReportChannel | null | undefined) ?? null })}
              placeholder="All Channels"
              showClear
              className="w-full"
            />
          </FieldFrame>
        </div>
      </section>

      <section className="card" aria-labelledby={`${id}-summary`}>
        <header className="card-header">
          <h2 id={`${id}-summary`}>Summary</h2>
        </header>
        <dl className="stat-tiles report-summary" aria-busy={summary.isFetching}>
          {FIGURES.map((f) => (
            <div key={f.money}>
              <dt>{f.label}</dt>
              <dd>{summary.data ? formatMoney(summary.data[f.money]) : '…'}</dd>
              <dd className="report-count">{summary.data ? counted(summary.data[f.count], f.unit) : ''}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card lazy-table" aria-labelledby={`${id}-table`}>
        <header className="card-header">
          <h2 id={`${id}-table`}>Sale Reports</h2>
          <div className="toolbar">
            <Button type="button" icon="pi pi-refresh" size="small" text rounded aria-label="Refresh" title="Refresh" onClick={refresh} />
          </div>
        </header>
        <DataTable
          {...tableLook(`${id}-table`, total)}
          value={rows}
          dataKey="id"
          lazy
          paginator
          first={page.first}
          rows={page.rows}
          totalRecords={total}
          rowsPerPageOptions={pageSizeOptions(ADMIN_REPORT_PAGE_SIZE)}
          onPage={(e) => setPage({ first: e.first, rows: e.rows })}
          loading={table.isFetching}
          selectionMode="single"
          selection={open}
          metaKeySelection={false}
          onSelectionChange={(e) => setOpen((e.value as AdminSaleReportRow | null) ?? null)}
          scrollable
        >
          <Column field="tradingName" header="Trading Name" />
          <Column field="xreportCounter" header="Report No" align="right" />
          <Column field="fromDate" header="From" body={(r: AdminSaleReportRow) => formatDateTime(r.fromDate)} />
          <Column field="toDate" header="To" body={(r: AdminSaleReportRow) => formatDateTime(r.toDate)} />
          <Column field="netSale" header="Net Sale" align="right" body={money('netSale')} />
          <Column field="netSaleCnt" header="Net Sale Count" align="right" />
          <Column field="grossSale" header="Gross Sale" align="right" body={money('grossSale')} />
          <Column field="grossSaleCnt" header="Gross Sale Count" align="right" />
          <Column field="refunds" header="Refunds" align="right" body={money('refunds')} />
          <Column field="refundsCnt" header="Refunds Count" align="right" />
        </DataTable>
      </section>

      <SaleReportDialog open={open} report={detail.data} onClose={() => setOpen(null)}>
        {(report, row) => (
          <>
            <p className="report-store">{row.tradingName}</p>
            <ReportLines
              report={{ ...report, lines: report.lines.slice(0, ADMIN_REPORT_DETAIL_ROWS) }}
              exportable={false}
              actions={<Button type="button" label="Calculate Again" icon="pi pi-calculator" size="small" loading={calculating} onClick={() => void calculateAgain()} />}
            />
          </>
        )}
      </SaleReportDialog>
    </div>
  );
}
