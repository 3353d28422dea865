import { z } from 'zod';
import { MESSAGES } from './messages';
import { statusSchema } from './enums';
import { TEXT_MAX, emailSchema, idSchema, requiredText } from './fields';

/** The mobile mask of the spec, '(09999) 999999': a leading 0, then 4 and 6 digits. */
export const MOBILE_MASK = '(09999) 999999';
export const COMPANY_NO_MAX = 9_999_999_999;

/**
 * A UK mobile number as the mask shows it. Accepts the masked form, plain digits ('07700900001'),
 * spaces or dashes, and +44; stores it normalised as '(07700) 900001'.
 */
export const mobilePhoneSchema = z
  .string({ error: MESSAGES.requiredFields })
  .trim()
  .min(1, { error: MESSAGES.requiredFields })
  .max(TEXT_MAX, { error: MESSAGES.maxText })
  .transform((value, ctx) => {
    const formatted = normaliseMobile(value);
    if (formatted === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.notValidPhone });
      return z.NEVER;
    }
    return formatted;
  });

export function normaliseMobile(value: string): string | null {
  if (!/^[\d\s()+-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, '');
  if (value.trim().startsWith('+')) {
    if (!digits.startsWith('44')) return null;
    digits = `0${digits.slice(2)}`;
  } else if (digits.length === 10 && !digits.startsWith('0')) {
    digits = `0${digits}`;
  }
  if (!/^0\d{10}$/.test(digits)) return null;
  return `(${digits.slice(0, 5)}) ${digits.slice(5)}`;
}

/** companyNo: a whole number from 1 to 9999999999 (a numeric string from a text input is accepted). */
export const companyNoSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return undefined;
    return /^\d+$/.test(s) ? Number(s) : Number.NaN;
  },
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.requiredFields : MESSAGES.companyNoRange) })
    .int({ error: MESSAGES.companyNoRange })
    .min(1, { error: MESSAGES.companyNoRange })
    .max(COMPANY_NO_MAX, { error: MESSAGES.companyNoRange }),
);

/** Contact of an account or a branch: all four fields required (spec 1 §5). */
export const contactSchema = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  mobilePhone: mobilePhoneSchema,
  emailAddress: emailSchema,
});
export type Contact = z.infer<typeof contactSchema>;
export type ContactForm = z.input<typeof contactSchema>;

/** Account Details panel: PUT merchant/account/update carries these plus id. */
export const merchantAccountDetailsSchema = z.object({
  tradingName: requiredText(),
  businessName: requiredText(),
  companyNo: companyNoSchema,
  vatNo: requiredText(),
});
/** POST merchant/account/create: the details, and the status the switch was set to before the first save. */
export const merchantAccountCreateSchema = merchantAccountDetailsSchema.extend({ status: statusSchema.default('ACTIVE') });
/** PUT merchant/account/update: details only; status has its own call, contact its own panel. */
export const merchantAccountUpdateSchema = merchantAccountDetailsSchema.extend({ id: idSchema });

export type MerchantAccountDetails = z.infer<typeof merchantAccountDetailsSchema>;
export type MerchantAccountCreate = z.infer<typeof merchantAccountCreateSchema>;
export type MerchantAccountUpdate = z.infer<typeof merchantAccountUpdateSchema>;

/** What the API returns for an account. `contact` is first and last name, the list's contact column. */
export const merchantAccountSchema = z.object({
  id: z.number().int(),
  tradingName: z.string(),
  businessName: z.string(),
  companyNo: z.number().int(),
  vatNo: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  emailAddress: z.string().nullable(),
  contact: z.string(),
  status: statusSchema,
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type MerchantAccount = z.infer<typeof merchantAccountSchema>;

/** Columns the account list (PUT merchant/account/all) may filter and sort on. */
export const MERCHANT_ACCOUNT_TABLE_COLUMNS = ['id', 'tradingName', 'businessName', 'companyNo', 'vatNo', 'contact', 'status'] as const;

/** GET …/checkHealth: the upload inputs ask this before sending a file. */
export const checkHealthSchema = z.object({ status: z.literal('UP') });
