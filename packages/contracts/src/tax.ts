import { z } from 'zod';
import { MESSAGES } from './messages';
import { idSchema, requiredText } from './fields';

/** A tax rate in percent with at most two decimals (stored as basis points). */
export const taxRateSchema = z
  .number({ error: MESSAGES.requiredFields })
  .min(0, { error: 'The rate must be between 0 and 100.' })
  .max(100, { error: 'The rate must be between 0 and 100.' })
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
    error: 'The rate can have at most 2 decimals.',
  });

export const taxInputSchema = z.object({
  name: requiredText(),
  rate: taxRateSchema,
});
export const taxUpdateSchema = taxInputSchema.extend({ id: idSchema });
export const taxSchema = z.object({ id: z.number().int(), name: z.string(), rate: z.number() });

export type Tax = z.infer<typeof taxSchema>;
export type TaxInput = z.infer<typeof taxInputSchema>;

/** Columns a tax table may filter and sort on. */
export const TAX_TABLE_COLUMNS = ['id', 'name', 'rate'] as const;
