import { type ReactNode, type Ref, useCallback, useEffect, useId, useImperativeHandle, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { FILTER_DEBOUNCE_MS, exportFileName } from '@tillpoint/contracts/table-load';
import type { CellFormat, ExportFormat, MatchMode, TableExportRequest, TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import { api } from '../api';
import { notify } from '../notify';
import { pageSizeOptions, tableLook } from './table-look';

export type LazyColumn<T> = {
  field: Extract<keyof T, string>;
  header: string;
  /** Both on by default; the server checks the names against its allow-list. */
  sortable?: boolean;
  filter?: boolean;
  filterMatchMode?: MatchMode;
  /** A number column: its filter sends a number (equals by default) and ignores non-numbers. */
  numeric?: boolean;
  /** How a cell shows; the raw value by default. */
  body?: (row: T) => ReactNode;
  /** How the server writes the cell in Excel, PDF and CSV exports; the raw value by default (booleans as Yes/No). */
  exportFormat?: CellFormat;
  align?: 'left' | 'right';
};

export type LazyTableHandle = {
  /** Reloads the current page, e.g. after a save beside the table. */
  refresh: () => void;
};

type Row = { id: number; status?: string };

type Props<T extends Row> = {
  title: string;
  /** The table-load path, e.g. `${PATHS.tax}all`. */
  dataUrl: string;
  /** The `[/{param}]` after the data URL (spec 1 §7), which exports and sendEmail put after their own segments. */
  param?: string | number;
  columns: LazyColumn<T>[];
  /** Rows per page at first; spec default 10 (the tax table uses 5). */
  rows?: number;
  selection?: T | null;
  onSelect?: (row: T) => void;
  /** The export files' name (and the mailed report's subject); the title by default. */
  exportName?: string;
  /** Buttons in the table header before refresh and export. */
  actions?: ReactNode;
  /** Buttons at the end of each row (e.g. view, user); they should stop the click selecting the row. */
  rowActions?: (row: T) => ReactNode;
  /** The text of an empty table; 'No Records Found' by default (the open orders say 'Not any order'). */
  emptyMessage?: string;
  /** A class for a row beside the shared ones (e.g. the open orders' FAILED sync rows). */
  rowClassName?: (row: T) => string;
  ref?: Ref<LazyTableHandle>;
};

type Sort = { field: string; order: 1 | -1 } | null;

const EXPORTS: { format: ExportFormat; label: string; icon: string }[] = [
  { format: 'xlsx', label: 'Export Excel', icon: 'pi pi-file-excel' },
  { format: 'pdf', label: 'Export PDF', icon: 'pi pi-file-pdf' },
  { format: 'csv', label: 'Export CSV', icon: 'pi pi-file-export' },
];

/**
 * A server-paged table (PrimeReact DataTable in lazy mode) over the generic table load: paging,
 * sorting and filtering happen on the server, filters go out 500 ms after the last keystroke.
 */
export function LazyTable<T extends Row>({ title, dataUrl, param, columns, rows: initialRows = 10, selection, onSelect, exportName, actions, rowActions, emptyMessage, rowClassName, ref }: Props<T>) {
  const headingId = useId();
  const [first, setFirst] = useState(0);
  const [rows, setRows] = useState(initialRows);
  const [sort, setSort] = useState<Sort>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [exporting, setExporting] = useState<ExportFormat | 'email' | null>(null);
  const tail = param === undefined ? '' : `/${encodeURIComponent(String(param))}`;

  useEffect(() => {
    const t = setTimeout(() => {
      setApplied(typed);
      setFirst(0);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [typed]);

  const request = useMemo(() => {
    const filter = columns.flatMap((c): NonNullable<TableLoadRequest['filter']> => {
      const text = applied[c.field]?.trim();
      if (!text) return [];
      if (!c.numeric) return [{ name: c.field, value: text, filterMatchMode: c.filterMatchMode ?? 'contains' }];
      const n = Number(text.replace(',', '.'));
      return Number.isFinite(n) ? [{ name: c.field, value: n, filterMatchMode: c.filterMatchMode ?? 'equals' }] : [];
    });
    return {
      filter,
      sort: sort ? [{ name: sort.field, ascending: sort.order === 1 }] : [],
      pageNumber: Math.floor(first / rows),
      limit: rows,
    } satisfies TableLoadRequest;
  }, [columns, applied, sort, first, rows]);

  const query = useQuery({
    queryKey: ['table', dataUrl, request],
    queryFn: async ({ signal }) => {
      const r = await api.put<TableLoadResponse<T>>(`${dataUrl}${tail}`, request, { signal });
      if (!r.ok) {
        notify(r, { suppressSuccess: true });
        throw new Error(`table load failed: ${r.status}`);
      }
      return r.body;
    },
    placeholderData: keepPreviousData,
    // A table shows the server's rows as they are now: coming back to a list after a save or a
    // delete elsewhere must not show the copy cached before it.
    staleTime: 0,
  });

  // A save or delete changes every page and filter of this table, not only the one on show: all of
  // them go stale, so a page shown next (e.g. the one the paginator falls back to) is asked afresh.
  const queryClient = useQueryClient();
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['table', dataUrl] }), [queryClient, dataUrl]);
  useImperativeHandle(ref, () => ({ refresh: reload }), [reload]);

  const data = query.data?.data ?? [];
  const total = query.data?.totalCount ?? 0;

  // Exports are made by the server from every row under the current filter and sort, with these headers.
  const exportBody = (): TableExportRequest => ({
    filter: request.filter,
    sort: request.sort,
    pageNumber: 0,
    limit: -1,
    title: exportName ?? title,
    columns: columns.map((c) => ({ field: c.field, header: c.header, format: c.exportFormat })),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  const download = async (format: ExportFormat) => {
    const body = exportBody();
    setExporting(format);
    const r = await api.file('PUT', `${dataUrl}/export/${format}${tail}`, body);
    setExporting(null);
    if (!r.ok) return void notify(r, { suppressSuccess: true });
    const url = URL.createObjectURL(r.body);
    const a = document.createElement('a');
    a.href = url;
    a.download = exportFileName(body.title, format, new Date(), body.timeZone);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const sendEmail = async () => {
    setExporting('email');
    const r = await api.put(`${dataUrl}/sendEmail${tail}`, exportBody());
    setExporting(null);
    notify(r);
  };

  const filtering = columns.some((c) => c.filter !== false);
  const shared = tableLook(headingId, total);
  const look = {
    ...shared,
    emptyMessage: <span className="table-empty">{emptyMessage ?? shared.emptyMessage}</span>,
    rowClassName: (row: T) => [shared.rowClassName(row), rowClassName?.(row) ?? ''].filter(Boolean).join(' '),
  };

  return (
    <section className="card lazy-table" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>{title}</h2>
        <div className="toolbar">
          {actions}
          <Button type="button" icon="pi pi-refresh" size="small" text rounded aria-label="Refresh" title="Refresh" onClick={reload} />
          {EXPORTS.map((e) => (
            <Button
              key={e.format}
              type="button"
              icon={e.icon}
              size="small"
              text
              rounded
              aria-label={e.label}
              title={e.label}
              loading={exporting === e.format}
              disabled={exporting !== null}
              onClick={() => void download(e.format)}
            />
          ))}
          <Button
            type="button"
            icon="pi pi-envelope"
            size="small"
            text
            rounded
            aria-label="Send Email"
            title="Send Email"
            loading={exporting === 'email'}
            disabled={exporting !== null}
            onClick={() => void sendEmail()}
          />
        </div>
      </header>
      <DataTable
        value={data}
        lazy
        dataKey="id"
        paginator
        first={first}
        rows={rows}
        totalRecords={total}
        rowsPerPageOptions={pageSizeOptions(initialRows)}
        onPage={(e: DataTableStateEvent) => {
          setFirst(e.first);
          setRows(e.rows);
        }}
        sortField={sort?.field}
        sortOrder={sort?.order ?? 0}
        onSort={(e: DataTableStateEvent) => {
          setSort(e.sortField ? { field: e.sortField, order: e.sortOrder === -1 ? -1 : 1 } : null);
          setFirst(0);
        }}
        removableSort
        filterDisplay={filtering ? 'row' : undefined}
        loading={query.isFetching}
        selectionMode="single"
        // A read-only table (no onSelect) has nothing to select: rows neither highlight nor point.
        isDataSelectable={() => onSelect !== undefined}
        selection={selection ?? null}
        metaKeySelection={false}
        onSelectionChange={(e) => {
          // A second click on the selected row would clear it; the form keeps showing that row.
          if (e.value) onSelect?.(e.value as T);
        }}
        {...look}
      >
        {columns.map((c) => (
          <Column
            key={c.field}
            field={c.field}
            header={c.header}
            sortable={c.sortable !== false}
            filter={c.filter !== false}
            showFilterMenu={false}
            showClearButton={false}
            filterElement={
              <InputText
                value={typed[c.field] ?? ''}
                onChange={(e) => setTyped((t) => ({ ...t, [c.field]: e.target.value }))}
                aria-label={`Filter ${c.header}`}
                inputMode={c.numeric ? 'decimal' : undefined}
                placeholder="Search"
                className="p-inputtext-sm table-filter"
              />
            }
            body={c.body ? (row: T) => c.body?.(row) : undefined}
            align={c.align}
          />
        ))}
        {rowActions && <Column header="Actions" body={(row: T) => <div className="row-actions">{rowActions(row)}</div>} className="row-actions-cell" />}
      </DataTable>
    </section>
  );
}
