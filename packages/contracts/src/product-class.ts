import { z } from 'zod';
import { statusSchema } from './enums';
import { requiredText } from './fields';

/** A store's own classification of products (e.g. "Hot food", "Chilled"), a reference list of spec 2 §3. */
export const productClassInputSchema = z.object({
  name: requiredText(),
  status: statusSchema.default('ACTIVE'),
});
export type ProductClassInput = z.output<typeof productClassInputSchema>;

export const productClassSchema = z.object({ id: z.number().int(), name: z.string(), status: statusSchema });
export type ProductClass = z.infer<typeof productClassSchema>;

export const PRODUCT_CLASS_TABLE_COLUMNS = ['id', 'name', 'status'] as const;
