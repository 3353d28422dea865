import { z } from 'zod';
import { MESSAGES } from './messages';
import { TITLES, statusSchema } from './enums';
import { TEXT_MAX, emailSchema, idSchema, requiredText, strongPassword } from './fields';
import { mobilePhoneSchema } from './merchant-account';
import { privilegeSchema } from './auth';

/**
 * Merchant users of an account (spec 1 §3, §5, §7 "Merchant users", base merchantuser/), their
 * roles, and the till users of a branch they can be linked to.
 */

export const USER_MESSAGES = {
  selectBranch: 'Please select a branch!',
  selectRole: 'Please select a role!',
  /** The trailing space is the spec's. */
  oneAccountRole: "You must choose one role from 'ACCOUNT ROLES' ",
  selectBranchAndTillUser: 'Please select a branch and a till user!',
  // Wording ours where the spec is silent.
  branchNotOfAccount: 'The selected branch does not belong to this merchant account.',
  roleUnknown: 'The selected role does not exist.',
  userNotAtBranch: 'The user does not work at the selected branch.',
  tillUserNotAtBranch: 'The selected till user does not belong to the selected branch.',
  landingPageUnknown: 'Please choose a landing page from the list.',
} as const;

/** A required e-mail: blank is the required-fields warning, anything else must be a valid address. */
export const requiredEmailSchema = z
  .string({ error: MESSAGES.requiredFields })
  .trim()
  .min(1, { error: MESSAGES.requiredFields })
  .pipe(emailSchema);

/**
 * Where a merchant user lands after signing in (spec 1 §2: '#orders' is one option; the others are
 * the merchant back office's screens). A closed list: the value becomes a navigation target.
 */
export const LANDING_PAGES = [
  { value: '#/', label: 'Home' },
  { value: '#orders', label: 'Orders' },
  { value: '#/taxSave', label: 'Taxes' },
  { value: '#/departmentList', label: 'Departments' },
  { value: '#/productList', label: 'Products' },
  { value: '#/productGroupSave', label: 'Product Groups' },
  { value: '#/productTagSave', label: 'Product Tags' },
  { value: '#/webMenuList', label: 'Web Menus' },
  { value: '#/mixAndMatchList', label: 'Mix and Match' },
  { value: '#/floorPlanning', label: 'Floor Plan' },
  { value: '#/branchSettings', label: 'Branch Settings' },
  { value: '#/supplier', label: 'Suppliers' },
  { value: '#/customer', label: 'Customers' },
] as const;
export type LandingPage = (typeof LANDING_PAGES)[number]['value'];
export const LANDING_PAGE_VALUES = LANDING_PAGES.map((p) => p.value) as [LandingPage, ...LandingPage[]];
export const landingPageSchema = z.enum(LANDING_PAGE_VALUES, { error: USER_MESSAGES.landingPageUnknown });

/** Role names containing this word form the ACCOUNT group; a user holds exactly one of them. */
export const ACCOUNT_ROLE_MARK = 'ACCOUNT';
export const DRIVER_ROLE = 'DRIVER';

/**
 * The ACCOUNT-role rule of spec 1 §5 over role names: null when exactly one name contains ACCOUNT,
 * else the spec's message. The server applies it to the names it holds, the form to the names shown.
 */
export function accountRoleProblem(roleNames: readonly string[]): string | null {
  return roleNames.filter((n) => n.includes(ACCOUNT_ROLE_MARK)).length === 1 ? null : USER_MESSAGES.oneAccountRole;
}

/** A role as picked (name optional on input: the server reads names from its own table). */
export const userRoleRefSchema = z.object({ id: idSchema, name: z.string().max(TEXT_MAX).optional() });
/** A branch as picked (tradingName optional on input). */
export const userBranchRefSchema = z.object({ branchId: idSchema, tradingName: z.string().max(TEXT_MAX).optional() });

const merchantUserFields = z.object({
  userName: requiredText(),
  mobilePhone: mobilePhoneSchema,
  firstName: requiredText(),
  lastName: requiredText(),
  email: requiredEmailSchema,
  title: z.enum(TITLES, { error: MESSAGES.requiredFields }).default('MR'),
  status: statusSchema.default('ACTIVE'),
  landingPage: landingPageSchema.nullish(),
  /** On create: mail an activation link (the user then chooses its own password). */
  sendNotification: z.boolean().default(true),
  /** The web app's address (window.location.href); the activation link opens its path on this server. */
  url: z.string().max(1000).optional(),
  /** The first branch is the user's current one on the screen. */
  branches: z.array(userBranchRefSchema, { error: USER_MESSAGES.selectBranch }).min(1, { error: USER_MESSAGES.selectBranch }).max(200),
  roles: z.array(userRoleRefSchema, { error: USER_MESSAGES.selectRole }).min(1, { error: USER_MESSAGES.selectRole }).max(50),
});

/** When the picked roles carry names (the form), the ACCOUNT rule is checked here too; the server always checks it. */
const oneAccountRole = (v: { roles: { name?: string }[] }, ctx: z.RefinementCtx) => {
  const names = v.roles.map((r) => r.name);
  if (names.every((n): n is string => typeof n === 'string')) {
    const problem = accountRoleProblem(names);
    if (problem) ctx.addIssue({ code: 'custom', path: ['roles'], message: problem });
  }
};

/** The form's fields (no id, no account). */
export const merchantUserFieldsSchema = merchantUserFields.superRefine(oneAccountRole);
/**
 * POST merchantuser/create. An administrator names the account; for a merchant user the account is
 * its token's and merchantAccountId, when sent, must be that one.
 */
export const merchantUserCreateSchema = merchantUserFields.extend({ merchantAccountId: idSchema.optional() }).superRefine(oneAccountRole);
/**
 * PUT merchantuser/update: status is not read (it has its own call; a missing status must never
 * reactivate a PASSIVE user), nor sendNotification and url (the activation mail is for new users).
 */
export const merchantUserUpdateSchema = merchantUserFields.omit({ status: true }).extend({ id: idSchema }).superRefine(oneAccountRole);

export type MerchantUserFields = z.infer<typeof merchantUserFieldsSchema>;
export type MerchantUserForm = z.input<typeof merchantUserFieldsSchema>;
export type MerchantUserCreate = z.infer<typeof merchantUserCreateSchema>;
export type MerchantUserUpdate = z.infer<typeof merchantUserUpdateSchema>;

/** PUT merchantuser/password/change. */
export const passwordChangeSchema = z.object({ id: idSchema, password: strongPassword });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** What the API returns for a merchant user; never a password, hash or pin. */
export const merchantUserSchema = z.object({
  id: z.number().int(),
  merchantAccountId: z.number().int(),
  userName: z.string(),
  status: statusSchema,
  mobilePhone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.enum(TITLES),
  landingPage: z.string().nullable(),
  /** 'Y' while sign-in is locked after repeated wrong passwords, else 'N'. */
  locked: z.enum(['Y', 'N']),
  wrongEntryNumbers: z.number().int(),
  superUser: z.boolean(),
  /** Whether the user has a password (false until it activates or an administrator sets one). */
  hasPassword: z.boolean(),
  activationDate: z.string().nullable(),
  passwordChangeDate: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** In the order saved; the first is the user's current branch on the screen. */
  branches: z.array(z.object({ branchId: z.number().int(), tradingName: z.string() })),
  /** The till user the merchant user is linked to at each branch (Edit Till User). */
  tillUsers: z.array(z.object({ merchantBranchId: z.number().int(), tillUserId: z.number().int(), name: z.string() })),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type MerchantUser = z.infer<typeof merchantUserSchema>;

/** The create reply: the user, and whether an activation mail was queued. */
export const merchantUserCreatedSchema = merchantUserSchema.extend({ activationMailSent: z.boolean() });
export type MerchantUserCreated = z.infer<typeof merchantUserCreatedSchema>;

/** GET merchantuser/roles/all: every role with its privileges; roleGroup ACCOUNT or OPERATION. */
export const merchantRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roleGroup: z.enum(['ACCOUNT', 'OPERATION']),
  description: z.string(),
  merchantRolePrivilegeList: z.array(privilegeSchema),
});
export type MerchantRole = z.infer<typeof merchantRoleSchema>;

/** GET merchantuser/role/driver: the driver users of a branch (spec 3 §7.1: id and fullName). */
export const driverSchema = z.object({ id: z.number().int(), fullName: z.string() });
export type Driver = z.infer<typeof driverSchema>;
/** An administrator names the branch (?merchantBranchId=); a merchant user gets its token's branch. */
export const driverQuerySchema = z.object({ merchantBranchId: idSchema.optional() });
