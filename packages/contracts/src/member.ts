import { z } from 'zod';
import { MESSAGES } from './messages';
import { TEXT_MAX, isStorableText, optionalText, requiredText } from './fields';
import { newPasswordSchema } from './auth';
import { USER_TYPES } from './enums';
import { normaliseMobile } from './merchant-account';
import {
  CARD_TYPES,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_TYPES,
  MEMBER_LOGIN_EMAIL_MIN,
  MEMBER_MESSAGES,
  MEMBER_TITLES,
  ORDER_NOTES_MAX,
  VERIFY_CODE_LENGTH,
} from './member-paths';

export {
  CARD_TYPES,
  CHECK_EMAIL,
  type CheckEmailAnswer,
  DEFAULT_ADDRESS_SUFFIX,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_TYPES,
  MEMBER_LOGIN_EMAIL_MIN,
  MEMBER_MESSAGES,
  MEMBER_PATHS,
  MEMBER_SECURITY_PATHS,
  MEMBER_TITLES,
  type MemberTitle,
  ORDER_NOTES_MAX,
  REGISTER_RESEND_SECONDS,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_TTL_MINUTES,
} from './member-paths';

/**
 * The shapes of member accounts and member data (spec 3 §3, §5.4, §5.5, §7.4, §7.5), one definition
 * for the server and the storefront.
 */

/** The storefront's e-mail rule (spec 3 §5.5): at least 8 characters with an '@', and a real address. */
export const memberEmailSchema = z
  .string({ error: MEMBER_MESSAGES.loginEmail })
  .trim()
  .min(MEMBER_LOGIN_EMAIL_MIN, { error: MEMBER_MESSAGES.loginEmail })
  .refine((v) => v.includes('@'), { error: MEMBER_MESSAGES.loginEmail })
  .pipe(z.string().max(TEXT_MAX, { error: MESSAGES.notValidEmail }).email({ error: MESSAGES.notValidEmail }));

/** An optional mobile phone: blank means none; anything else must be a UK mobile ('Not Valid Phone Number'). */
export const optionalMobileSchema = z
  .string({ error: MESSAGES.notValidPhone })
  .trim()
  .max(TEXT_MAX, { error: MESSAGES.maxText })
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const formatted = normaliseMobile(value);
    if (formatted === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.notValidPhone });
      return z.NEVER;
    }
    return formatted;
  });

export const memberTitleSchema = z.enum(MEMBER_TITLES, { error: MEMBER_MESSAGES.titleInvalid });

/** Date of birth as YYYY-MM-DD (the page shows DD/MM/YYYY): a real day, not in the future, not before 1900. */
export const birthDaySchema = z
  .string({ error: MEMBER_MESSAGES.birthDayInvalid })
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    const real = d && m && d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
    if (!d || !real || d.getUTCFullYear() < 1900 || d.getTime() > Date.now()) {
      ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.birthDayInvalid });
      return z.NEVER;
    }
    return value;
  });

export const checkEmailParamsSchema = z.object({ email: memberEmailSchema });
export const checkEmailReplySchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const memberLoginSchema = z.object({
  email: memberEmailSchema,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, { error: MESSAGES.passwordRequired }).max(TEXT_MAX, { error: MESSAGES.passwordMax }),
  reCaptchaToken: z.string().max(4000).nullish(),
});
export type MemberLogin = z.infer<typeof memberLoginSchema>;

export const verifyCodeRequestSchema = z.object({ email: memberEmailSchema });

const verifyCodeSchema = z
  .string({ error: MEMBER_MESSAGES.verifyCodeRequired })
  .trim()
  .min(1, { error: MEMBER_MESSAGES.verifyCodeRequired })
  .pipe(z.string().length(VERIFY_CODE_LENGTH, { error: MEMBER_MESSAGES.verifyCodeInvalid }))
  .transform((v) => v.toUpperCase());

/** Register (and verifycode): names, password twice and the mailed code are required (spec 3 §5.5). */
export const memberRegisterSchema = z
  .object({
    email: memberEmailSchema,
    title: memberTitleSchema.default('MR'),
    firstName: requiredText(),
    lastName: requiredText(),
    mobilePhone: optionalMobileSchema,
    birthDay: birthDaySchema,
    password: z.string({ error: MESSAGES.requiredFields }).min(1, { error: MESSAGES.requiredFields }).pipe(newPasswordSchema),
    passwordConfirm: z.string({ error: MESSAGES.requiredFields }).min(1, { error: MESSAGES.requiredFields }),
    verifyCode: verifyCodeSchema,
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], error: MEMBER_MESSAGES.passwordConfirm });
export type MemberRegister = z.infer<typeof memberRegisterSchema>;

/**
 * Google sign-in: the ID token (credential), and on the registerGoogle page the mobile phone and
 * title the profile lacks. key and branchName are the page's context (spec 3 §7.4); the server does
 * not need them.
 */
export const googleLoginSchema = z.object({
  credential: z.string({ error: MEMBER_MESSAGES.googleInvalid }).min(1, { error: MEMBER_MESSAGES.googleInvalid }).max(8000, { error: MEMBER_MESSAGES.googleInvalid }),
  mobilePhone: optionalMobileSchema,
  title: memberTitleSchema.nullish(),
  key: z.string().max(200).nullish(),
  branchName: z.string().max(TEXT_MAX).nullish(),
});
export type GoogleLogin = z.infer<typeof googleLoginSchema>;
export const googleLoginReplySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('LOGIN'), code: z.string() }),
  /** The profile lacks mobile phone or title: the page goes to registerGoogle with what Google told. */
  z.object({ status: z.literal('REGISTER'), email: z.string(), firstName: z.string(), lastName: z.string() }),
]);
export type GoogleLoginReply = z.infer<typeof googleLoginReplySchema>;
export const googleClientIdSchema = z.object({ clientId: z.string().nullable() });

/** GET checkpage/: who is signed in, or a status (401) when nobody is. */
export const checkPageReplySchema = z.union([
  z.object({ userType: z.enum(USER_TYPES) }),
  z.object({ status: z.literal(401), details: z.string() }),
]);

/** GET memberuser/: the signed-in member. */
export const memberProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  title: z.enum(MEMBER_TITLES),
  firstName: z.string(),
  lastName: z.string(),
  mobilePhone: z.string().nullable(),
  birthDay: z.string().nullable(),
  status: z.string(),
  /** Whether the member can sign in with a password (an account made through Google may have none yet). */
  hasPassword: z.boolean(),
  google: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** PUT memberuser/update: the e-mail is read-only and not taken from the body. */
export const memberProfileUpdateSchema = z.object({
  title: memberTitleSchema,
  firstName: requiredText(),
  lastName: requiredText(),
  mobilePhone: optionalMobileSchema,
  birthDay: birthDaySchema,
});
export type MemberProfileUpdate = z.infer<typeof memberProfileUpdateSchema>;

/** PUT memberuser/password/change; passwordConfirm is checked when the page sends it. */
export const memberPasswordChangeSchema = z
  .object({ password: newPasswordSchema, passwordConfirm: z.string().max(TEXT_MAX).optional() })
  .refine((v) => v.passwordConfirm === undefined || v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    error: MEMBER_MESSAGES.passwordConfirm,
  });

// ---- member data (spec 3 §3, §5.4, §5.5, §7.5) ---------------------------------------------------

const line = (max: number, message: string) => optionalText(max, message);

/** Delivery and billing addresses share the shape; postCode, city and addressLine1 are required. */
export const memberAddressInputSchema = z.object({
  description: optionalText(),
  postCode: requiredText(20),
  city: requiredText(255, MEMBER_MESSAGES.addressLineMax),
  addressLine1: requiredText(50, MEMBER_MESSAGES.addressLine1Max),
  addressLine2: line(255, MEMBER_MESSAGES.addressLineMax),
  addressLine3: line(255, MEMBER_MESSAGES.addressLineMax),
  addressLine4: line(255, MEMBER_MESSAGES.addressLineMax),
  defaultAddress: z.boolean().default(false),
});
export const memberAddressSchema = z.object({
  id: z.number().int(),
  description: z.string().nullable(),
  postCode: z.string(),
  city: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  addressLine4: z.string().nullable(),
  defaultAddress: z.boolean(),
});
export type MemberAddressInput = z.infer<typeof memberAddressInputSchema>;
export type MemberAddress = z.infer<typeof memberAddressSchema>;

/** A saved card as listed: the provider's token stays on the server; never a number or CVV. */
export const memberCardSchema = z.object({
  id: z.number().int(),
  merchantBranchId: z.number().int(),
  provider: z.string(),
  cardType: z.string(),
  /** Last four digits. */
  last4: z.string(),
  validMonth: z.number().int(),
  validYear: z.number().int(),
  cardHolderName: z.string(),
  defaultCard: z.boolean(),
  /** The list label, e.g. 'VISA **** 4242 (12/28)'. */
  name: z.string(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;
export const cardTypeSchema = z.enum(CARD_TYPES, { error: MESSAGES.requiredFields });

export const memberNotesSchema = z.object({
  orderNotes: optionalText(ORDER_NOTES_MAX, MEMBER_MESSAGES.notesMax),
  allergies: optionalText(ORDER_NOTES_MAX, MEMBER_MESSAGES.notesMax),
});
export type MemberNotes = z.infer<typeof memberNotesSchema>;

export const memberFeedbackSchema = z.object({
  merchantBranchId: z.number({ error: MESSAGES.requiredFields }).int().positive(),
  feedbackType: z.enum(FEEDBACK_TYPES, { error: MESSAGES.requiredFields }).default('Technical'),
  description: z
    .string({ error: MESSAGES.requiredFields })
    .trim()
    .min(1, { error: MESSAGES.requiredFields })
    .max(FEEDBACK_DESCRIPTION_MAX, { error: MEMBER_MESSAGES.feedbackMax })
    .refine(isStorableText, { error: MESSAGES.invalidCharacters }),
});
export type MemberFeedback = z.infer<typeof memberFeedbackSchema>;
