import { z } from 'zod';
import { MESSAGES } from './messages';
import { TEXT_MAX, idSchema, requiredText } from './fields';

/** The platform's own settings have no branch (spec 1 §3). */
export const PLATFORM_MAIL_BRANCH_ID = -1;

export const MAIL_SETTINGS_PATHS = {
  base: 'notification/mailSettings/',
  /** GET: the settings of a branch, or of the platform with -1; id null when none are saved yet. */
  byBranch: (merchantBranchId: number) => `notification/mailSettings/merchantBranchId/${merchantBranchId}`,
  byId: (id: number) => `notification/mailSettings/${id}`,
  create: 'notification/mailSettings/create',
  update: 'notification/mailSettings/update',
  /** POST: a real test send to the settings' `to` address; replies with a SUCCESS notice or an ERROR one. */
  sendEmail: (id: number) => `notification/mailSettings/sendemail/${id}`,
} as const;

export const MAIL_SETTINGS_MESSAGES = {
  /** The spec names the test send but not its notices; these are ours. */
  testSent: (to: string) => `The test e-mail has been sent to ${to}.`,
  testFailed: (error: string) => `The test e-mail could not be sent: ${error}`,
  testSubject: 'Tillpoint test e-mail',
  testBody: 'This is a test e-mail sent with the mail settings saved in Tillpoint.',
} as const;

const branchIdSchema = z
  .number({ error: MESSAGES.requiredFields })
  .int({ error: MESSAGES.requiredFields })
  .refine((n) => n === PLATFORM_MAIL_BRANCH_ID || (n > 0 && n <= 2147483647), { error: MESSAGES.requiredFields });

/** `to` is where the test send goes (optional, but a test send needs it). */
const toSchema = z
  .string({ error: MESSAGES.notValidEmail })
  .trim()
  .max(TEXT_MAX, { error: MESSAGES.notValidEmail })
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || (v.length >= 5 && z.email().safeParse(v).success), { error: MESSAGES.notValidEmail });

const portSchema = z.coerce
  .number({ error: MESSAGES.requiredFields })
  .int({ error: MESSAGES.requiredFields })
  .min(1, { error: MESSAGES.requiredFields })
  .max(65535, { error: MESSAGES.requiredFields });

const fields = {
  merchantBranchId: branchIdSchema,
  to: toSchema,
  from: requiredText(),
  host: requiredText(),
  port: portSchema,
  userName: requiredText(),
};

/** Create: every field of spec 1 §5 is required, the password too. */
export const mailSettingsCreateSchema = z.object({ ...fields, password: requiredText() });
export type MailSettingsCreate = z.input<typeof mailSettingsCreateSchema>;

/** Update: the password is write-only, so a blank one keeps the stored password. */
export const mailSettingsUpdateSchema = z.object({
  id: idSchema,
  ...fields,
  password: z
    .string({ error: MESSAGES.maxText })
    .max(TEXT_MAX, { error: MESSAGES.maxText })
    .nullish()
    .transform((v) => v || null),
});
export type MailSettingsUpdate = z.input<typeof mailSettingsUpdateSchema>;

/** What the browser reads: never the password, only whether one is stored. */
export const mailSettingsSchema = z.object({
  /** null when nothing is saved yet for this branch (or the platform). */
  id: z.number().int().nullable(),
  merchantBranchId: z.number().int(),
  to: z.string().nullable(),
  from: z.string(),
  host: z.string(),
  port: z.number().int().nullable(),
  userName: z.string(),
  hasPassword: z.boolean(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;
