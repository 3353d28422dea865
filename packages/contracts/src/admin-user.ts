import { z } from 'zod';
import { statusSchema } from './enums';
import { idSchema, requiredText, strongPassword } from './fields';
import { mobilePhoneSchema } from './merchant-account';
import { requiredEmailSchema } from './merchant-user';

/** Platform administrators (spec 1 §3 "Admin user", §5, §7 "Admin users", base adminuser/). */

export const ADMIN_USER_MESSAGES = {
  // Wording ours: the spec is silent on these refusals.
  notYourself: 'You cannot delete or deactivate your own user.',
  lastAdmin: 'The last active administrator cannot be deleted or deactivated.',
} as const;

const adminUserFields = z.object({
  userName: requiredText(),
  mobilePhone: mobilePhoneSchema,
  firstName: requiredText(),
  lastName: requiredText(),
  email: requiredEmailSchema,
  status: statusSchema.default('ACTIVE'),
});

/** POST adminuser/create: the password is required and must pass the strength rule. */
export const adminUserCreateSchema = adminUserFields.extend({ password: strongPassword });
/**
 * PUT adminuser/update: a blank (or missing) password keeps the current one; a new one must pass
 * the strength rule. Status is not read here: it has its own call (which guards the last administrator).
 */
export const adminUserUpdateSchema = adminUserFields.omit({ status: true }).extend({
  id: idSchema,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), strongPassword.optional()),
});

export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** What the API returns for an administrator; never the password or its hash. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  status: statusSchema,
  mobilePhone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  locked: z.enum(['Y', 'N']),
  wrongEntryNumbers: z.number().int(),
  superUser: z.boolean(),
  activationDate: z.string().nullable(),
  passwordChangeDate: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Columns the admin user table (PUT adminuser/all) may filter and sort on. */
export const ADMIN_USER_TABLE_COLUMNS = ['id', 'userName', 'firstName', 'lastName', 'email', 'mobilePhone', 'status'] as const;
