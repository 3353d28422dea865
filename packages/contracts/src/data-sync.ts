import { z } from 'zod';
import { MESSAGES } from './messages';
import { taxSchema } from './tax';
import { driverSchema } from './merchant-user';

/**
 * Data upload (a till sync request) and data reset of a branch (spec 1 §3 "Data upload and reset
 * request", §5, §7 "Store data"): POST storemanagement/dataupload/create and storemanagement/datareset/create.
 */

/** The numbered data groups of spec 1 §3, 0 (Tax) to 10 (Till Customer). */
export const DATA_GROUPS = [
  { index: 0, key: 'tax', label: 'Tax' },
  { index: 1, key: 'department', label: 'Department' },
  { index: 2, key: 'productGroup', label: 'Product Group' },
  { index: 3, key: 'product', label: 'Product' },
  { index: 4, key: 'webMenu', label: 'Web Menu' },
  { index: 5, key: 'mixAndMatch', label: 'Mix And Match' },
  { index: 6, key: 'floorPlanning', label: 'Floor Planning' },
  { index: 7, key: 'productTag', label: 'Product Tag' },
  { index: 8, key: 'tag', label: 'Tag' },
  { index: 9, key: 'supplier', label: 'Supplier' },
  { index: 10, key: 'tillCustomer', label: 'Till Customer' },
] as const;
export type DataGroup = (typeof DATA_GROUPS)[number]['key'];

/**
 * Everything a sync can carry: the numbered groups plus the branch's drivers (the request's driver
 * flag, outside the numbered list). These are the Data Upload checkboxes.
 */
export type SyncGroup = DataGroup | 'driver';
// Tax leads (DATA_GROUPS[0]); written so the type knows the list is never empty.
export const SYNC_GROUPS: [SyncGroup, ...SyncGroup[]] = ['tax', ...DATA_GROUPS.slice(1).map((g) => g.key), 'driver'];
export const SYNC_GROUP_LABELS: Record<SyncGroup, string> = {
  ...(Object.fromEntries(DATA_GROUPS.map((g) => [g.key, g.label])) as Record<DataGroup, string>),
  driver: 'Driver',
};
export const syncGroupSchema = z.enum(SYNC_GROUPS);

/** The Data Reset checkboxes. */
export const RESET_PARTS = [
  { key: 'transactions', label: 'Transactions' },
  { key: 'definitions', label: 'Definitions' },
] as const;

const flag = z.boolean().default(false);
const branchId = z
  .number({ error: MESSAGES.requiredFields })
  .int({ error: MESSAGES.requiredFields })
  .positive({ error: MESSAGES.requiredFields })
  .max(2147483647, { error: MESSAGES.requiredFields });

/** The request body of spec 1 §3, shared by both calls; every flag defaults to false. */
export const storeDataRequestSchema = z.object({
  merchantBranchId: branchId,
  /** A data group number (0–10); when given it counts as that group ticked. */
  uploadEntity: z.number().int().min(0).max(10).nullish(),
  tax: flag,
  department: flag,
  productGroup: flag,
  product: flag,
  webMenu: flag,
  mixAndMatch: flag,
  floorPlanning: flag,
  productTag: flag,
  tag: flag,
  supplier: flag,
  tillCustomer: flag,
  driver: flag,
  transactions: flag,
  definitions: flag,
});
export type StoreDataRequest = z.infer<typeof storeDataRequestSchema>;
export type StoreDataForm = z.input<typeof storeDataRequestSchema>;

/** The sync groups a request ticks (uploadEntity included), in the order of SYNC_GROUPS. */
export function tickedGroups(r: Partial<Record<SyncGroup, boolean>> & { uploadEntity?: number | null }): SyncGroup[] {
  const byNumber = r.uploadEntity === null || r.uploadEntity === undefined ? undefined : DATA_GROUPS[r.uploadEntity]?.key;
  return SYNC_GROUPS.filter((g) => r[g] === true || g === byNumber);
}

/** POST storemanagement/dataupload/create: a branch and at least one group ('Please fill the required fields!'). */
export const dataUploadRequestSchema = storeDataRequestSchema.superRefine((v, ctx) => {
  if (tickedGroups(v).length === 0) ctx.addIssue({ code: 'custom', path: ['tax'], message: MESSAGES.requiredFields });
});
/**
 * POST storemanagement/datareset/create: a branch, and both transactions and definitions ticked
 * (spec 1 §5: otherwise 'Please fill the required fields!'; "You can't reset only definitions " is unreachable).
 */
export const dataResetRequestSchema = storeDataRequestSchema.superRefine((v, ctx) => {
  if (!v.transactions || !v.definitions) ctx.addIssue({ code: 'custom', path: ['transactions'], message: MESSAGES.requiredFields });
});
export type DataUploadRequest = z.infer<typeof dataUploadRequestSchema>;
export type DataResetRequest = z.infer<typeof dataResetRequestSchema>;

/** A recorded sync request (the upload reply, and the rows of a branch's request list). */
export const dataSyncRequestSchema = z.object({
  id: z.number().int(),
  merchantAccountId: z.number().int(),
  merchantBranchId: z.number().int(),
  groups: z.array(syncGroupSchema),
  requestedBy: z.number().int(),
  requestedDate: z.string(),
  /** Null while pending; set when a till fetched it. */
  deliveredDate: z.string().nullable(),
  /** The credential of the till that fetched it. */
  deliveredToCredentialId: z.number().int().nullable(),
});
export type DataSyncRequest = z.infer<typeof dataSyncRequestSchema>;

/** A reset's audit record: who reset what and when, with the rows deleted per table. */
export const dataResetAuditSchema = z.object({
  id: z.number().int(),
  merchantAccountId: z.number().int(),
  merchantBranchId: z.number().int(),
  transactions: z.boolean(),
  definitions: z.boolean(),
  resetBy: z.number().int(),
  resetDate: z.string(),
  summary: z.record(z.string(), z.number().int()),
});
export type DataResetAudit = z.infer<typeof dataResetAuditSchema>;

/**
 * GET till/sync (till token): the branch's pending requests, now delivered to this till, and the
 * current data of every group they ask for. Groups whose area is not built yet come as empty
 * arrays and are named in notAvailable, so a till never mistakes them for "delete everything".
 */
export const tillSyncResponseSchema = z.object({
  merchantBranchId: z.number().int(),
  requests: z.array(z.object({ id: z.number().int(), groups: z.array(syncGroupSchema), requestedDate: z.string() })),
  data: z.object({
    tax: z.array(taxSchema).optional(),
    driver: z.array(driverSchema).optional(),
    department: z.array(z.unknown()).optional(),
    productGroup: z.array(z.unknown()).optional(),
    product: z.array(z.unknown()).optional(),
    webMenu: z.array(z.unknown()).optional(),
    mixAndMatch: z.array(z.unknown()).optional(),
    floorPlanning: z.array(z.unknown()).optional(),
    productTag: z.array(z.unknown()).optional(),
    tag: z.array(z.unknown()).optional(),
    supplier: z.array(z.unknown()).optional(),
    tillCustomer: z.array(z.unknown()).optional(),
  }),
  /** Requested groups the platform holds no data for yet (their areas come later). */
  notAvailable: z.array(syncGroupSchema),
});
export type TillSyncResponse = z.infer<typeof tillSyncResponseSchema>;
