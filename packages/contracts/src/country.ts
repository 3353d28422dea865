import { z } from 'zod';

/** Countries of origin for products: a platform-wide reference list (spec 2 §3), read-only for merchants. */
export const COUNTRY_LIST = [{ id: 1, name: 'United Kingdom', code: 'GB' }] as const;

export const countrySchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Country = z.infer<typeof countrySchema>;
