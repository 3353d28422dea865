import { ORDER_NOTES_MAX } from './order-rules';

export { ORDER_NOTES_MAX };

/**
 * Member accounts (spec 3 §4.9, §5.4, §5.5, §7.4, §7.5): paths, constants and messages, free of zod so
 * the lean storefront can import them; member.ts holds the schemas.
 */
const S = 'memberuser/security/';
export const MEMBER_SECURITY_PATHS = {
  /** GET: 0 no account (register), 1 account (password), 2 registration begun but the e-mail not verified (verifycode). */
  checkEmail: (email: string) => `${S}checkemail/${encodeURIComponent(email)}`,
  /** GET, public: { clientId } of Google sign-in, null when none is configured (the button is hidden). */
  googleClientId: `${S}google/clientid`,
  /** POST { email, password, reCaptchaToken? }: a one-time code, exchanged at tokens(code). */
  login: `${S}login`,
  tokens: (code: string) => `${S}tokens/code/${code}`,
  /** POST { refreshToken? } (else the httpOnly cookie): rotated tokens. */
  refresh: `${S}tokens/refresh`,
  logout: `${S}logout`,
  /** POST { email }: mails a 6-character verify code (again only after REGISTER_RESEND_SECONDS). */
  verifyCode: `${S}register/verifycode`,
  /** POST the registration form with the mailed code: a one-time login code. */
  register: `${S}register`,
  /** POST { credential, mobilePhone?, title? }: a login code, or REGISTER when the profile lacks mobile phone or title. */
  loginGoogle: `${S}login/google`,
  resetInit: `${S}password/reset/init`,
  resetFinish: `${S}password/reset/finish`,
} as const;

export const MEMBER_PATHS = {
  /** GET: the signed-in member's profile. */
  current: 'memberuser/',
  /** PUT: the profile (title, names, mobile phone, date of birth); the e-mail is read-only. */
  update: 'memberuser/update',
  /** PUT { password }: ends every other session of the member. */
  passwordChange: 'memberuser/password/change',
  /**
   * GET, any caller: the spec's page check on start (spec 3 §4.9, §7.5) for member, merchant and
   * admin modes. A reply carrying a status means not signed in.
   */
  checkPage: 'checkpage/',
  /** DELETE: erases the account and its data; the member's orders stay for the merchant's books, without personal data. */
  remove: 'memberuser/',
} as const;

/** checkemail's answers (spec 3 §4.9). */
export const CHECK_EMAIL = { register: 0, password: 1, verifyCode: 2 } as const;
export type CheckEmailAnswer = (typeof CHECK_EMAIL)[keyof typeof CHECK_EMAIL];

/** Spec 3 §9. */
export const MEMBER_TITLES = ['MR', 'MRS', 'MISS'] as const;
export type MemberTitle = (typeof MEMBER_TITLES)[number];
export const VERIFY_CODE_LENGTH = 6;
export const REGISTER_RESEND_SECONDS = 60;
/** Ours: how long a mailed verify code can be used. */
export const VERIFY_CODE_TTL_MINUTES = 30;
/** Login e-mail: at least 8 characters with an '@' (spec 3 §5.5). */
export const MEMBER_LOGIN_EMAIL_MIN = 8;
export const FEEDBACK_DESCRIPTION_MAX = 200;
export const FEEDBACK_TYPES = ['Technical', 'Other'] as const;
export const CARD_TYPES = ['VISA', 'MASTERCARD', 'AMEX', 'MAESTRO'] as const;
/** A description ending in this is the default address; the suffix is stripped when used (spec 3 §3). */
export const DEFAULT_ADDRESS_SUFFIX = ' (Default Address)';

export const MEMBER_MESSAGES = {
  loginEmail: 'Please fill a validate email',
  verifyCodeRequired: 'Please fill the Verify Code field!',
  passwordConfirm: 'Your password and confirmation password do not match.',
  mobilePhoneRequired: 'Please enter  Mobile Phone!',
  selectCard: 'Select a card!',
  selectAddress: 'Select an address!',
  addressLine1Max: 'You can enter up to 50 characters in this field.',
  /** The spec's rule is 255; its message says 100. */
  addressLineMax: 'You can enter up to 100 characters in this field.',
  notesMax: 'You can enter up to 100 characters in this field.',
  feedbackMax: 'You can enter up to 200 characters in this field.',
  // Ours: the spec gives the rule, not the words.
  badCredentials: 'E-mail or password is incorrect.',
  verifyCodeInvalid: 'The verify code is not valid or has expired.',
  verifyCodeWait: 'Please wait 60 seconds before asking for a new verify code.',
  verifyCodeSent: 'We have sent a verify code to your e-mail address.',
  emailTaken: 'An account with this e-mail address already exists. Please sign in.',
  googleInvalid: 'Google sign-in could not be verified. Please try again.',
  googleOff: 'Google sign-in is not available.',
  googleEmailUnverified: 'Your Google account has no verified e-mail address.',
  titleInvalid: 'Please choose a title (MR, MRS or MISS).',
  birthDayInvalid: 'Please enter a valid date of birth (DD/MM/YYYY).',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  accountDeleted: 'Your account and your personal data have been deleted.',
  orderInProgress: 'You have an order in progress. You can delete your account once it is completed.',
} as const;
