import { type ReactNode, useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { PAGE_SIZE_OPTIONS } from '@tillpoint/contracts/table-load';
import type { LazyColumn } from './lazy-table';

type Row = { id: number; status?: string };

type Props<T extends Row> = {
  title: string;
  /** Every row, already loaded (a branch's licences, credentials or credits); paged here. */
  data: T[];
  loading: boolean;
  columns: Omit<LazyColumn<T>, 'filter' | 'filterMatchMode' | 'numeric' | 'exportFormat'>[];
  /** Rows per page at first; spec default 10. */
  rows?: number;
  onSelect: (row: T) => void;
  onRefresh: () => void;
  /** Buttons in the header before refresh, e.g. Add. */
  actions?: ReactNode;
  /** Shown between the header and the table, e.g. totals. */
  summary?: ReactNode;
};

/**
 * A short list that the server returns whole, paged in the browser, with LazyTable's looks and
 * words ('No Records Found', 'Number Of Records: {n}', PASSIVE rows disabled). A row opens it.
 */
export function ListTable<T extends Row>({ title, data, loading, columns, rows: initialRows = 10, onSelect, onRefresh, actions, summary }: Props<T>) {
  const headingId = useId();
  const [page, setPage] = useState({ first: 0, rows: initialRows });
  return (
    <section className="list-table lazy-table" aria-labelledby={headingId}>
      <header className="card-header">
        <h3 id={headingId}>{title}</h3>
        <div className="toolbar">
          {actions}
          <Button type="button" icon="pi pi-refresh" size="small" text rounded aria-label="Refresh" title="Refresh" onClick={onRefresh} />
        </div>
      </header>
      {summary}
      <DataTable
        value={data}
        dataKey="id"
        paginator
        first={page.first}
        rows={page.rows}
        rowsPerPageOptions={pageSizeOptions(initialRows)}
        onPage={(e) => setPage({ first: e.first, rows: e.rows })}
        loading={loading}
        selectionMode="single"
        metaKeySelection={false}
        onSelectionChange={(e) => {
          if (e.value) onSelect(e.value as T);
        }}
        rowClassName={(row: T) => (row.status === 'PASSIVE' ? 'row-passive' : '')}
        emptyMessage={MESSAGES.noRecords}
        footer={MESSAGES.numberOfRecords(data.length)}
        size="small"
        stripedRows
        pt={{ table: { 'aria-labelledby': headingId } }}
      >
        {columns.map((c) => (
          <Column key={c.field} field={c.field} header={c.header} sortable={c.sortable !== false} body={c.body ? (row: T) => c.body?.(row) : undefined} align={c.align} />
        ))}
      </DataTable>
    </section>
  );
}

/** The spec's page sizes (10, 20, 50, 100) and the table's own first size, in order. */
export const pageSizeOptions = (rows: number) => [...new Set([rows, ...PAGE_SIZE_OPTIONS])].sort((a, b) => a - b);
