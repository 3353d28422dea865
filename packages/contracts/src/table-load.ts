import { z } from 'zod';

/** PrimeReact's filter match modes, the ones the generic table load understands. */
export const MATCH_MODES = [
  'startsWith',
  'contains',
  'notContains',
  'endsWith',
  'equals',
  'notEquals',
  'in',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'dateIs',
  'dateIsNot',
  'dateBefore',
  'dateAfter',
] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

const filterValue = z.union([
  z.string().max(255),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(255), z.number(), z.boolean(), z.null()])).max(100),
]);

export const tableFilterSchema = z.object({
  name: z.string().max(64),
  value: filterValue,
  type: z.string().max(32).optional(),
  filterMatchMode: z.enum(MATCH_MODES).default('contains'),
});
export const tableSortSchema = z.object({ name: z.string().max(64), ascending: z.boolean().default(true) });

export const tableLoadRequestSchema = z.object({
  filter: z.array(tableFilterSchema).max(30).default([]),
  sort: z.array(tableSortSchema).max(5).default([]),
  pageNumber: z.number().int().min(0).default(0),
  /** -1 means every row (exports). */
  limit: z.number().int().min(-1).max(1000).default(10),
});
export type TableLoadRequest = z.input<typeof tableLoadRequestSchema>;
export type TableFilter = z.infer<typeof tableFilterSchema>;
export type TableSort = z.infer<typeof tableSortSchema>;

/**
 * The GET form of a table load (spec 3 §7.1 `GET storemanagement/order/newOrders/{scope or null}`):
 * the same request in the query string. `pageNumber` and `limit` (-1: every row); `sort=name`, or
 * `sort=-name` for descending, repeatable; `filter=name:matchMode:value`, repeatable, the value being
 * everything after the second colon (comma-separated for `in` and `between`). Unknown keys are refused,
 * so a misspelt parameter is a 400, not a silently unfiltered table.
 */
const QUERY_NAME = '[A-Za-z_][A-Za-z0-9_]{0,63}';
export const TABLE_QUERY_MESSAGES = {
  pageNumber: 'pageNumber must be a whole number from 0.',
  limit: 'limit must be -1 (every row) or a whole number from 1 to 1000.',
  sort: 'sort must be a column name, with a leading - for descending (e.g. sort=-orderNo).',
  filter: `filter must be name:matchMode:value (e.g. filter=orderStatus:equals:ORDER_PLACED); match modes: ${MATCH_MODES.join(', ')}.`,
} as const;
const repeated = <T extends z.ZodType>(item: T, max: number) => z.union([item, z.array(item).max(max)]).optional();
export const tableLoadQuerySchema = z.strictObject({
  pageNumber: z.string().regex(/^(0|[1-9][0-9]{0,6})$/, { error: TABLE_QUERY_MESSAGES.pageNumber }).optional(),
  limit: z
    .string()
    .regex(/^(-1|[1-9][0-9]{0,3})$/, { error: TABLE_QUERY_MESSAGES.limit })
    .refine((v) => Number(v) <= 1000, { error: TABLE_QUERY_MESSAGES.limit })
    .optional(),
  sort: repeated(z.string().regex(new RegExp(`^-?${QUERY_NAME}$`), { error: TABLE_QUERY_MESSAGES.sort }), 5),
  filter: repeated(
    z.string().max(600, { error: TABLE_QUERY_MESSAGES.filter }).regex(new RegExp(`^${QUERY_NAME}:(${MATCH_MODES.join('|')}):`), { error: TABLE_QUERY_MESSAGES.filter }),
    30,
  ),
});
export type TableLoadQuery = z.infer<typeof tableLoadQuerySchema>;

const listOf = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The table-load body a checked query string stands for (checked again, values and all, by the table load). */
export function tableLoadFromQuery(q: TableLoadQuery, defaultLimit = 10): TableLoadRequest {
  return {
    pageNumber: q.pageNumber === undefined ? 0 : Number(q.pageNumber),
    limit: q.limit === undefined ? defaultLimit : Number(q.limit),
    sort: listOf(q.sort).map((s) => (s.startsWith('-') ? { name: s.slice(1), ascending: false } : { name: s, ascending: true })),
    filter: listOf(q.filter).map((f) => {
      const [name, mode] = f.split(':', 2);
      const value = f.slice(name.length + mode.length + 2);
      const filterMatchMode = mode as MatchMode;
      return { name, filterMatchMode, value: filterMatchMode === 'in' || filterMatchMode === 'between' ? value.split(',') : value };
    }),
  };
}

export const tableLoadResponseSchema = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), totalCount: z.number().int() });
export type TableLoadResponse<T> = { data: T[]; totalCount: number };

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const FILTER_DEBOUNCE_MS = 500;

/** Table exports (spec 1 §9): Excel named by the report with sheet 'Sheet', PDF A4, CSV with a timestamp. */
export const EXPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How an exported cell shows its value; a column without one shows the raw value (booleans as Yes/No). */
export const CELL_FORMATS = ['date', 'dateTime', 'money', 'percent'] as const;
export type CellFormat = (typeof CELL_FORMATS)[number];

/** A PDF is for reading and printing; beyond this many rows the server refuses it (Excel and CSV take every row). */
export const PDF_MAX_ROWS = 5_000;

export const EXPORT_MESSAGES = {
  noEmail: 'Your user has no e-mail address to send the report to.',
  pdfTooLong: `A PDF holds at most ${PDF_MAX_ROWS.toLocaleString('en-GB')} rows: narrow the table with its filters, or export Excel or CSV.`,
  unknownColumn: (field: string) => `Unknown export column: ${field}`,
} as const;

/** Whether the runtime knows the IANA time zone (the browser sends its own, e.g. 'Europe/London'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_TIME_ZONE = 'Europe/London';

export const exportColumnSchema = z.object({
  field: z.string().min(1).max(64),
  header: z.string().max(100),
  format: z.enum(CELL_FORMATS).optional(),
});
export type ExportColumn = z.infer<typeof exportColumnSchema>;

/**
 * An export asks for what the table shows: its load body (filter and sort; paging is ignored, every
 * row is exported), its title and its columns in order. Dates are written in the caller's time zone.
 */
export const tableExportRequestSchema = tableLoadRequestSchema.extend({
  title: z.string().trim().min(1).max(100),
  columns: z.array(exportColumnSchema).min(1).max(50),
  timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').default(DEFAULT_TIME_ZONE),
});
export type TableExportRequest = z.input<typeof tableExportRequestSchema>;

/** sendEmail: the same body, and the file to attach (Excel unless asked otherwise). */
export const tableEmailRequestSchema = tableExportRequestSchema.extend({ format: z.enum(EXPORT_FORMATS).default('xlsx') });
export type TableEmailRequest = z.input<typeof tableEmailRequestSchema>;

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The date and time a clock in the time zone shows at that instant. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
export function wallClock(at: Date, timeZone: string): WallClock {
  // One formatter per time zone (an export asks once per date cell; making one costs far more than using it).
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The export file's name: `{title}.xlsx`, `{title}.pdf`, `{title}_{DD.MM.YYYY_HH.mm}.csv`, safe to save anywhere. */
export function exportFileName(title: string, format: ExportFormat, at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const base = title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_').trim().slice(0, 100) || 'export';
  if (format !== 'csv') return `${base}.${format}`;
  const c = wallClock(at, timeZone);
  return `${base}_${pad2(c.day)}.${pad2(c.month)}.${c.year}_${pad2(c.hour)}.${pad2(c.minute)}.csv`;
}
