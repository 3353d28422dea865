import { z } from 'zod';
import { MESSAGES } from './messages';
import { PASSWORD_RULE, TEXT_MAX } from './fields';
import { USER_TYPES } from './enums';

export {
  ACCESS_TOKEN_SECONDS,
  APP_VERSION,
  KEY_PARAMS,
  MEMBER_ACCESS_TOKEN_SECONDS,
  MEMBER_REFRESH_MS,
  REFRESH_TOKEN_DAYS,
  STAFF_REFRESH_MS,
} from './session-constants';

const loginText = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(TEXT_MAX, { error: MESSAGES.maxText });

export const adminLoginSchema = z.object({
  userName: loginText(MESSAGES.adminLoginEmpty),
  password: z.string({ error: MESSAGES.adminLoginEmpty }).min(1, { error: MESSAGES.adminLoginEmpty }).max(TEXT_MAX, { error: MESSAGES.maxText }),
  reCaptchaToken: z.string().max(4000).nullish(),
});
export const merchantLoginSchema = z.object({
  domainName: loginText(MESSAGES.merchantLoginEmpty),
  userName: loginText(MESSAGES.merchantLoginEmpty),
  password: z.string({ error: MESSAGES.merchantLoginEmpty }).min(1, { error: MESSAGES.merchantLoginEmpty }).max(TEXT_MAX, { error: MESSAGES.maxText }),
  reCaptchaToken: z.string().max(4000).nullish(),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;
export type MerchantLogin = z.infer<typeof merchantLoginSchema>;

export const loginCodeSchema = z.object({ code: z.string() });
export const codeParamsSchema = z.object({ code: z.string().min(16).max(128) });

export const privilegeSchema = z.object({ objectName: z.string(), action: z.string(), status: z.string() });
export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  merchantRolePrivilegeList: z.array(privilegeSchema),
});
export type Privilege = z.infer<typeof privilegeSchema>;
export type Role = z.infer<typeof roleSchema>;

export const userDtoSchema = z.object({
  id: z.number().int(),
  userType: z.enum(USER_TYPES),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  merchantAccountId: z.number().int().nullable(),
  merchantBranchId: z.number().int().nullable(),
  domainName: z.string().nullable(),
  landingPage: z.string().nullable(),
  roles: z.array(roleSchema),
});
export type UserDto = z.infer<typeof userDtoSchema>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expireDate: z.string(),
  userDTO: userDtoSchema,
});
export type Tokens = z.infer<typeof tokensSchema>;

/** The refresh token normally travels in an httpOnly cookie; a till or script may send it in the body. */
export const refreshRequestSchema = z.object({ refreshToken: z.string().max(200).optional() });
export const refreshedTokensSchema = tokensSchema;

export const resetInitSchema = z.object({
  email: z
    .string({ error: MESSAGES.resetEmailRequired })
    .trim()
    .min(1, { error: MESSAGES.resetEmailRequired })
    .min(5, { error: MESSAGES.resetEmailMin })
    .max(TEXT_MAX, { error: MESSAGES.resetEmailMax })
    .email({ error: MESSAGES.resetEmailInvalid }),
  /** The page the link in the mail opens; only its origin and path are used. */
  url: z.string().max(1000).optional(),
});
export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .min(8, { error: MESSAGES.passwordMin })
  .max(TEXT_MAX, { error: MESSAGES.passwordMax })
  .regex(PASSWORD_RULE, { error: MESSAGES.passwordWeak });
/** The finish form of the reset panel: the new password twice, and the two must match. */
export const resetFinishFormSchema = z
  .object({ newPassword: newPasswordSchema, passwordAgain: z.string({ error: MESSAGES.passwordsDidNotMatch }) })
  .refine((v) => v.newPassword === v.passwordAgain, { path: ['passwordAgain'], error: MESSAGES.passwordsDidNotMatch });
export const resetFinishSchema = z.object({ key: z.string().min(16).max(200), newPassword: newPasswordSchema });
export type ResetInit = z.infer<typeof resetInitSchema>;
export type ResetFinish = z.infer<typeof resetFinishSchema>;


export const systemParamsSchema = z.object({
  showCaptcha: z.boolean(),
  testEnvironment: z.boolean(),
  version: z.string(),
});
export type SystemParams = z.infer<typeof systemParamsSchema>;

export const menuItemSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  description: z.string(),
  href: z.string().nullable(),
  icon: z.string().nullable(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const licenceFlagsSchema = z.object({
  hasWebOrderLicense: z.boolean(),
  hasWebMenuLicense: z.boolean(),
  hasTableOrderLicense: z.boolean(),
});
export type LicenceFlags = z.infer<typeof licenceFlagsSchema>;
