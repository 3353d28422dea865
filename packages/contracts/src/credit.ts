import { z } from 'zod';
import { MESSAGES } from './messages';
import { CREDIT_TYPES, statusSchema } from './enums';
import { idSchema, optionalText } from './fields';

export const CREDIT_MIN = 100;
export const CREDIT_STEP = 100;
export const CREDIT_MAX = 1_000_000;

export const creditTypeSchema = z.enum(CREDIT_TYPES, { error: MESSAGES.requiredFields });
export type CreditType = z.infer<typeof creditTypeSchema>;

/** Credit value: required, at least 100, a multiple of 100, at most 1,000,000 (spec 1 §5, §9). */
export const creditValueSchema = z
  .number({ error: MESSAGES.requiredFields })
  .int({ error: MESSAGES.creditMultiple })
  .min(CREDIT_MIN, { error: MESSAGES.creditMinimum })
  .max(CREDIT_MAX, { error: MESSAGES.creditMaximum })
  .refine((v) => v % CREDIT_STEP === 0, { error: MESSAGES.creditMultiple });

export const creditFieldsSchema = z.object({
  creditValue: creditValueSchema,
  creditType: creditTypeSchema,
  description: optionalText(),
  status: statusSchema.default('ACTIVE'),
});
/** POST merchant/credit/create. */
export const creditCreateSchema = creditFieldsSchema.extend({ merchantBranchId: idSchema });
/**
 * PUT merchant/credit/update. The value cannot change once saved: it may be left out or sent
 * unchanged; a different value is refused with 409. creditUsed is the server's and is not read.
 */
export const creditUpdateSchema = creditFieldsSchema.extend({ id: idSchema, creditValue: creditValueSchema.optional() });

export type CreditFields = z.infer<typeof creditFieldsSchema>;
export type CreditCreate = z.infer<typeof creditCreateSchema>;
export type CreditUpdate = z.infer<typeof creditUpdateSchema>;

export const creditSchema = z.object({
  id: z.number().int(),
  merchantBranchId: z.number().int(),
  creditValue: z.number().int(),
  creditUsed: z.number().int(),
  creditType: creditTypeSchema,
  description: z.string().nullable(),
  status: statusSchema,
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type Credit = z.infer<typeof creditSchema>;

/** GET merchant/credit/totals/merchantBranchId/{id}: over ACTIVE credits, total value and total minus used. */
export const creditTotalsSchema = z.object({ totalCredit: z.number().int(), remainingCredit: z.number().int() });
export type CreditTotals = z.infer<typeof creditTotalsSchema>;

export const CREDIT_TABLE_COLUMNS = ['id', 'creditValue', 'creditUsed', 'creditType', 'description', 'status', 'createdDate'] as const;
