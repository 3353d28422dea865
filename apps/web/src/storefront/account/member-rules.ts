import { FEEDBACK_DESCRIPTION_MAX, MEMBER_LOGIN_EMAIL_MIN, MEMBER_MESSAGES, VERIFY_CODE_LENGTH } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';

/**
 * The member forms' checks on the page (spec 3 §5.4, §5.5), written without zod so the lean storefront
 * stays lean; the server checks the same rules again with the contracts' schemas.
 */

/** Spec 3 §5.5: 'null', '', an empty list or object count as empty too. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim() === 'null';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** A login e-mail has at least 8 characters and an '@'. */
export const isLoginEmail = (email: string) => email.trim().length >= MEMBER_LOGIN_EMAIL_MIN && email.includes('@');

/** The same rule as the contracts' PASSWORD_RULE (fields.ts imports zod, so it cannot come here). */
const PASSWORD_RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
const PASSWORD_MAX = 255;

/** The first thing wrong with a new password, in the spec's words, or null. */
export function passwordProblem(password: string): string | null {
  if (password === '') return MESSAGES.passwordRequired;
  if (password.length < 8) return MESSAGES.passwordMin;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordMax;
  // Spec 3 §5.4: anything over 50 characters passes the format test.
  if (password.length > 50) return null;
  return PASSWORD_RULE.test(password) ? null : MESSAGES.passwordWeak;
}

export const STRENGTH_LABELS = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/**
 * The 5-level strength meter (spec 3 §5.5): length gives the level, capped by how many character classes
 * (lowercase, uppercase, digit, other) the password has. 0 is the weakest, 4 the strongest.
 */
export function passwordStrength(password: string): number {
  if (!password) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  const byLength = password.length < 8 ? 0 : password.length < 10 ? 2 : password.length < 12 ? 3 : 4;
  return Math.min(byLength, classes);
}

/** DD/MM/YYYY on the page, YYYY-MM-DD on the wire. */
export function toIsoDate(shown: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(shown.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${mo}-${d}`;
}

export function toShownDate(iso: string | null): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

export type RegisterForm = {
  email: string;
  title: string;
  firstName: string;
  lastName: string;
  mobilePhone: string;
  birthDay: string;
  password: string;
  passwordConfirm: string;
  verifyCode: string;
};

/** The register (and verifycode) page's checks before anything is sent, in the order the spec lists them. */
export function registerProblem(f: RegisterForm): string | null {
  if ([f.firstName, f.lastName, f.password, f.passwordConfirm].some(isEmpty)) return MESSAGES.requiredFields;
  if (isEmpty(f.verifyCode)) return MEMBER_MESSAGES.verifyCodeRequired;
  if (f.verifyCode.trim().length !== VERIFY_CODE_LENGTH) return MEMBER_MESSAGES.verifyCodeInvalid;
  if (f.firstName.trim().length > 255 || f.lastName.trim().length > 255) return MESSAGES.maxText;
  const weak = passwordProblem(f.password);
  if (weak) return weak;
  if (f.password !== f.passwordConfirm) return MEMBER_MESSAGES.passwordConfirm;
  if (f.birthDay.trim() && !toIsoDate(f.birthDay)) return MEMBER_MESSAGES.birthDayInvalid;
  return null;
}

export type ProfileForm = { title: string; firstName: string; lastName: string; mobilePhone: string; birthDay: string };

export function profileProblem(f: ProfileForm): string | null {
  if (isEmpty(f.firstName) || isEmpty(f.lastName)) return MESSAGES.requiredFields;
  if (f.firstName.trim().length > 255 || f.lastName.trim().length > 255) return MESSAGES.maxText;
  if (f.birthDay.trim() && !toIsoDate(f.birthDay)) return MEMBER_MESSAGES.birthDayInvalid;
  return null;
}

/** The Password section: the new password's rules, then the confirmation. */
export function passwordChangeProblem(password: string, confirm: string): string | null {
  return passwordProblem(password) ?? (password === confirm ? null : MEMBER_MESSAGES.passwordConfirm);
}

/** The address book's form: a description and the address fields the checkout uses too. */
export type AddressForm = { description: string; postCode: string; city: string; addressLine1: string; addressLine2: string; addressLine3: string; addressLine4: string };

/** Spec 3 §5.4 (line 1 up to 50; city and lines 2 to 4 up to 255, though the message says 100) and §5.5. */
export function addressProblem(f: AddressForm): string | null {
  if ([f.postCode, f.city, f.addressLine1].some(isEmpty)) return MESSAGES.requiredFields;
  if (f.addressLine1.trim().length > 50) return MEMBER_MESSAGES.addressLine1Max;
  if ([f.city, f.addressLine2, f.addressLine3, f.addressLine4].some((v) => v.trim().length > 255)) return MEMBER_MESSAGES.addressLineMax;
  if (f.description.trim().length > 255) return MESSAGES.maxText;
  return null;
}

/** Complaint / Suggestion: a description is required, up to 200 characters (spec 3 §5.4, §5.5). */
export function feedbackProblem(description: string): string | null {
  if (isEmpty(description)) return MESSAGES.requiredFields;
  return description.trim().length > FEEDBACK_DESCRIPTION_MAX ? MEMBER_MESSAGES.feedbackMax : null;
}
