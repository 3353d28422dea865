import { MESSAGES } from '@tillpoint/contracts/messages';
import { PAGE_SIZE_OPTIONS } from '@tillpoint/contracts/table-load';

/**
 * What every back-office table shares (spec 1 §9): 'No Records Found', 'Number Of Records: {n}',
 * PASSIVE rows shown disabled, compact striped rows, the table named by its heading. Spread into
 * a DataTable: `<DataTable {...tableLook(headingId, total)} …>`.
 */
export const tableLook = (headingId: string, total: number) => ({
  rowClassName: (row: { status?: string }) => (row.status === 'PASSIVE' ? 'row-passive' : ''),
  emptyMessage: MESSAGES.noRecords,
  footer: MESSAGES.numberOfRecords(total),
  size: 'small' as const,
  stripedRows: true,
  pt: { table: { 'aria-labelledby': headingId } },
});

/** The spec's page sizes (10, 20, 50, 100) and the table's own first size, in order. */
export const pageSizeOptions = (rows: number) => [...new Set([rows, ...PAGE_SIZE_OPTIONS])].sort((a, b) => a - b);
