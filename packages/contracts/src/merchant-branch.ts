import { z } from 'zod';
import { MESSAGES } from './messages';
import { COUNTRIES, SECTORS, statusSchema } from './enums';
import { idSchema, optionalText, requiredText } from './fields';
import { RESERVED_DOMAIN_NAMES } from './storefront-routes';

export const DOMAIN_NAME_MAX = 63;

/**
 * The store's public address (https://…/{domainName}): trimmed and lower-cased, then letters,
 * digits and single hyphens. Unique on the platform: a taken name is a 409 'Duplicate Value'.
 */
export const domainNameSchema = z
  .string({ error: MESSAGES.requiredFields })
  .trim()
  .toLowerCase()
  .min(1, { error: MESSAGES.requiredFields })
  .max(DOMAIN_NAME_MAX, { error: MESSAGES.domainNameFormat })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: MESSAGES.domainNameFormat })
  .refine((v) => !RESERVED_DOMAIN_NAMES.includes(v), { error: MESSAGES.domainNameReserved });

export const sectorSchema = z.enum(SECTORS, { error: MESSAGES.requiredFields });
export const countrySchema = z.enum(COUNTRIES, { error: MESSAGES.requiredFields });

/** Branch Details tab: PUT merchant/branch/update carries these plus id. */
export const merchantBranchDetailsSchema = z.object({
  tradingName: requiredText(),
  businessName: requiredText(),
  vatNo: requiredText(),
  domainName: domainNameSchema,
  sector: sectorSchema,
  subsector: optionalText(),
});
/** POST merchant/branch/{accountId}/branch: the details and the status chosen before the first save. */
export const merchantBranchCreateSchema = merchantBranchDetailsSchema.extend({ status: statusSchema.default('ACTIVE') });
/** PUT merchant/branch/update: details only (status, contact and address have their own calls). */
export const merchantBranchUpdateSchema = merchantBranchDetailsSchema.extend({ id: idSchema });

/** Branch Address Details tab: PUT merchant/branch/{id}/address. */
export const branchAddressSchema = z.object({
  address1: requiredText(),
  address2: optionalText(),
  address3: optionalText(),
  address4: optionalText(),
  state: optionalText(),
  city: requiredText(),
  postCode: requiredText(),
  country: countrySchema.default('United Kingdom'),
});

export type MerchantBranchDetails = z.infer<typeof merchantBranchDetailsSchema>;
export type MerchantBranchCreate = z.infer<typeof merchantBranchCreateSchema>;
export type MerchantBranchUpdate = z.infer<typeof merchantBranchUpdateSchema>;
export type BranchAddress = z.infer<typeof branchAddressSchema>;
// The contact tab uses contactSchema of merchant-account.ts (PUT merchant/branch/{id}/contact).

/** What the API returns for a branch. */
export const merchantBranchSchema = z.object({
  id: z.number().int(),
  merchantAccountId: z.number().int(),
  tradingName: z.string(),
  businessName: z.string(),
  vatNo: z.string(),
  domainName: z.string(),
  sector: z.string(),
  subsector: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  emailAddress: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  postCode: z.string().nullable(),
  country: z.string(),
  status: statusSchema,
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type MerchantBranch = z.infer<typeof merchantBranchSchema>;

/** GET merchant/branch/{accountId}/combo: the account's branches for a dropdown. */
export const branchComboItemSchema = z.object({ id: z.number().int(), tradingName: z.string(), domainName: z.string(), status: statusSchema });
export type BranchComboItem = z.infer<typeof branchComboItemSchema>;

/** Public look-ups (no sign-in), answered for ACTIVE branches of ACTIVE accounts only. */
export const branchIdReplySchema = z.object({ merchantBranchId: z.number().int() });
export const branchTradingNameSchema = z.object({ tradingName: z.string() });
/**
 * The store header card (spec 3 §3 'Store info'). contactEmail is null unless the store chose to show it
 * (showEmailAddressInTheStoreCard); the open or closed message comes from today's schedule (Europe/London).
 */
export const storeInfoSchema = z.object({
  merchantBranchId: z.number().int(),
  tradingName: z.string(),
  domainName: z.string(),
  addressText: z.string(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  storeOpenOrCloseMessageText: z.string(),
  open: z.boolean(),
  menuBorderColor: z.string(),
  menuDisplayTemplate: z.enum(['Template1', 'Template2']),
  minimumDeliveryDeliveryDuration: z.number().int().nullable(),
  maximumDeliveryDeliveryDuration: z.number().int().nullable(),
  /** Which page images the store has (their addresses: marketplace image calls by branch id). */
  hasHeaderImage: z.boolean(),
  hasMobileImage: z.boolean(),
  hasLogo: z.boolean(),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;
export const domainNameParamsSchema = z.object({ name: z.string().trim().min(1).max(DOMAIN_NAME_MAX) });

/** Columns the branch table (PUT merchant/branch/{accountId}/branches) may filter and sort on. */
export const MERCHANT_BRANCH_TABLE_COLUMNS = ['id', 'tradingName', 'businessName', 'vatNo', 'domainName', 'sector', 'city', 'postCode', 'status'] as const;
