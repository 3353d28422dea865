import { z } from 'zod';
import { statusSchema } from './enums';
import { MESSAGES } from './messages';

/** Floor plan tables (spec 2 §2 "Floor plan", §3 RestTable, §5, §7 Rest table). */
export { REST_TABLE_PATHS } from './rest-table-paths';

export const REST_TABLE_MESSAGES = {
  sizeRequired: 'Please fill the Size field!',
  rowSizeRequired: 'Please fill the Row Size field!',
  emptyFloorPlan: 'Empty Floor Plan',
  /** Ours. */
  sizeRange: 'The size must be a whole number from 1 to 200.',
  rowSizeRange: 'The row size must be a whole number from 1 to 20.',
  capacityRange: 'The capacity must be a whole number from 0 to 100.',
  tableNoRange: 'The table number must be a whole number from 1 to 9999.',
  noClientId: 'This branch has no till credential yet, so its table codes cannot be made. Please ask the platform administrator for one.',
} as const;

export const MAX_FLOOR_SIZE = 200;
export const MAX_ROW_SIZE = 20;
/** The row size before the first resize. */
export const DEFAULT_ROW_SIZE = 5;

/** A table as saved: tableNo required ('Please fill the required fields!'), capacity optional. */
export const restTableInputSchema = z.object({
  tableNo: z
    .number({ error: MESSAGES.requiredFields })
    .int({ error: REST_TABLE_MESSAGES.tableNoRange })
    .min(1, { error: REST_TABLE_MESSAGES.tableNoRange })
    .max(9999, { error: REST_TABLE_MESSAGES.tableNoRange }),
  tableCapacity: z
    .number({ error: REST_TABLE_MESSAGES.capacityRange })
    .int({ error: REST_TABLE_MESSAGES.capacityRange })
    .min(0, { error: REST_TABLE_MESSAGES.capacityRange })
    .max(100, { error: REST_TABLE_MESSAGES.capacityRange })
    .nullish()
    .transform((v) => v ?? null),
  status: statusSchema.default('ACTIVE'),
});
export type RestTableInput = z.output<typeof restTableInputSchema>;

export const restTableSchema = z.object({
  id: z.number().int(),
  tableNo: z.number().int(),
  tableCapacity: z.number().int().nullable(),
  status: statusSchema,
});
export type RestTable = z.infer<typeof restTableSchema>;

export const floorPlanParamSchema = z.object({ size: z.number().int(), rowSize: z.number().int() });
export type FloorPlanParam = z.infer<typeof floorPlanParamSchema>;

/** The resize path's two numbers: blank (or not a number) gives the spec's field messages. */
const pathNumber = (required: string, range: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: required })
    .refine((v) => v !== 'null' && v !== 'undefined' && /^\d+$/.test(v), { error: required })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: range }).max(max, { error: range }));
export const resizeParamsSchema = z.object({
  size: pathNumber(REST_TABLE_MESSAGES.sizeRequired, REST_TABLE_MESSAGES.sizeRange, MAX_FLOOR_SIZE),
  rowSize: pathNumber(REST_TABLE_MESSAGES.rowSizeRequired, REST_TABLE_MESSAGES.rowSizeRange, MAX_ROW_SIZE),
});

/**
 * The address a table's QR code opens (spec 2 §9: built from the UI address and the branch's
 * stored client id): the storefront's table entry /tableNo/{n}, with the client id that names the branch.
 */
export const tableQrUrl = (uiAddress: string, tableNo: number, clientId: string) =>
  `${uiAddress.replace(/\/+$/, '')}/tableNo/${tableNo}?clientId=${encodeURIComponent(clientId)}`;

export const REST_TABLE_TABLE_COLUMNS = ['id', 'tableNo', 'tableCapacity', 'status'] as const;
