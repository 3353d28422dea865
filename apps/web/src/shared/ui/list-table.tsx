import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { LazyColumn } from './lazy-table';
import { pageSizeOptions, tableLook } from './table-look';

type Row = { id: number; status?: string };

type Props<T extends Row> = {
  title: string;
  /** The query holding every row (a branch's licences, credentials or credits); paged here. */
  list: { data?: T[]; isFetching: boolean; refetch: () => unknown };
  columns: Omit<LazyColumn<T>, 'filter' | 'filterMatchMode' | 'numeric' | 'exportFormat'>[];
  /** Rows per page at first; spec default 10. */
  rows?: number;
  onSelect: (row: T) => void;
  /** The refresh button; the list's own refetch by default. */
  onRefresh?: () => void;
  /** Shows Add in the header. */
  onAdd?: () => void;
  /** Other buttons in the header before refresh. */
  actions?: ReactNode;
  /** Shown between the header and the table, e.g. totals. */
  summary?: ReactNode;
  /** The record open beside the table: its row is highlighted, and its page shown when it changes (a new record is not left on a page unseen). */
  selectedId?: number | null;
};

/**
 * A short list that the server returns whole, paged in the browser, with LazyTable's looks and
 * words ('No Records Found', 'Number Of Records: {n}', PASSIVE rows disabled). A row opens it.
 */
export function ListTable<T extends Row>({ title, list, columns, rows: initialRows = 10, onSelect, onRefresh = () => void list.refetch(), onAdd, actions, summary, selectedId = null }: Props<T>) {
  const headingId = useId();
  const data = list.data ?? [];
  const [page, setPage] = useState({ first: 0, rows: initialRows });
  const selectedIndex = selectedId === null ? -1 : data.findIndex((r) => r.id === selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) setPage((p) => (selectedIndex >= p.first && selectedIndex < p.first + p.rows ? p : { ...p, first: selectedIndex - (selectedIndex % p.rows) }));
  }, [selectedIndex]);
  return (
    <section className="list-table lazy-table" aria-labelledby={headingId}>
      <header className="card-header">
        <h3 id={headingId}>{title}</h3>
        <div className="toolbar">
          {onAdd && <Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={onAdd} />}
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
        loading={list.isFetching}
        selectionMode="single"
        selection={selectedIndex >= 0 ? data[selectedIndex] : null}
        metaKeySelection={false}
        onSelectionChange={(e) => {
          if (e.value) onSelect(e.value as T);
        }}
        {...tableLook(headingId, data.length)}
      >
        {columns.map((c) => (
          <Column key={c.field} field={c.field} header={c.header} sortable={c.sortable !== false} body={c.body ? (row: T) => c.body?.(row) : undefined} align={c.align} />
        ))}
      </DataTable>
    </section>
  );
}
