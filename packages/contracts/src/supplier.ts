import { z } from 'zod';
import { statusSchema } from './enums';
import { TEXT_MAX, requiredText } from './fields';
import { normaliseMobile } from './merchant-account';
import { MESSAGES } from './messages';

/** The supplier list shows 5 rows (spec 2 §9). */
export const SUPPLIER_PAGE_SIZE = 5;

/**
 * A supplier (spec 2 §3, §5): name required (255); e-mail optional, 5–255 and well formed ('Not Valid
 * Email'); phone optional, a UK mobile number ('Not Valid Phone Number'), stored as the mask shows it.
 */
export const supplierInputSchema = z.object({
  name: requiredText(),
  status: statusSchema.default('ACTIVE'),
  email: z
    .string({ error: MESSAGES.notValidEmail })
    .trim()
    .max(TEXT_MAX, { error: MESSAGES.notValidEmail })
    .refine((v) => v === '' || (v.length >= 5 && z.email().safeParse(v).success), { error: MESSAGES.notValidEmail })
    .nullish()
    .transform((v) => v || null),
  phone: z
    .string({ error: MESSAGES.notValidPhone })
    .trim()
    .max(TEXT_MAX, { error: MESSAGES.notValidPhone })
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const formatted = normaliseMobile(v);
      if (formatted === null) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.notValidPhone });
        return z.NEVER;
      }
      return formatted;
    }),
});
export type SupplierInput = z.output<typeof supplierInputSchema>;
export type SupplierForm = z.input<typeof supplierInputSchema>;

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: statusSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const SUPPLIER_TABLE_COLUMNS = ['id', 'name', 'status', 'email', 'phone'] as const;
