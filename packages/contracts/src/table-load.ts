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

export const tableLoadResponseSchema = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), totalCount: z.number().int() });
export type TableLoadResponse<T> = { data: T[]; totalCount: number };

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const FILTER_DEBOUNCE_MS = 500;
