import { z } from 'zod';
import { MESSAGES } from './messages';
import { TEXT_MAX, optionalText } from './fields';
import { PAYMENT_PROVIDERS } from './payment-providers';

/** Texts of the branch settings tabs (spec 1 §5). */
export const BRANCH_SETTINGS_MESSAGES = {
  notificationTunnelRequired: 'Please select notification tunnel',
  /** The jwt and password fields allow 4000 characters, but the spec's message says 400 (spec 1 §5). */
  max4000: 'You can enter up to 400 characters in this field.',
  unknownOption: 'Please choose from the listed options.',
} as const;

/** Base path, under /api/ (spec 1 §7); the writes are one per tab so a tab's save never touches another's fields. */
export const BRANCH_SETTINGS_PATHS = {
  base: 'storemanagement/merchantbranchsettings/',
  byBranch: (branchId: number) => `storemanagement/merchantbranchsettings/merchantBranchId/${branchId}`,
  saveOrder: (branchId: number) => `storemanagement/merchantbranchsettings/${branchId}/order`,
  saveEod: (branchId: number) => `storemanagement/merchantbranchsettings/${branchId}/eod`,
  savePayment: (branchId: number) => `storemanagement/merchantbranchsettings/${branchId}/payment`,
  /** Public (storefront): provider and script address, never secrets. */
  paymentSettings: (branchId: number) => `storemanagement/merchantbranchsettings/paymentsettings/${branchId}`,
  /** Public (storefront): payment options and status. */
  member: (branchId: number) => `storemanagement/merchantbranchsettings/member/merchantBranchId/${branchId}`,
  /** Public (storefront). */
  isStoreClosed: (branchId: number) => `storemanagement/merchantbranchsettings/isstoreclosed/branchId/${branchId}`,
} as const;

/** Payment options of table orders (spec 1 §9, spec 3 §9). */
export const PAYMENT_OPTIONS = ['CARD', 'WALLET', 'APPLE PAY', 'PAY PAL', 'PAY AT COUNTER'] as const;
export const TABLE_ORDER_PAYMENT_OPTIONS = PAYMENT_OPTIONS;

/**
 * Web-order options carry the order type they apply to (spec 3 §3: 'CARD (DELIVERY)'); the storefront
 * offers Delivery or Collection when an option mentions it. Paying at the door exists only for delivery,
 * paying at the counter only for collection.
 */
export const WEB_ORDER_PAYMENT_OPTIONS = [
  'CARD (DELIVERY)',
  'WALLET (DELIVERY)',
  'APPLE PAY (DELIVERY)',
  'PAY PAL (DELIVERY)',
  'PAY AT DOOR BY CARD (DELIVERY)',
  'PAY AT DOOR BY CASH (DELIVERY)',
  'CARD (COLLECTION)',
  'WALLET (COLLECTION)',
  'APPLE PAY (COLLECTION)',
  'PAY PAL (COLLECTION)',
  'PAY AT COUNTER (COLLECTION)',
] as const;

/** How a branch hears of a new order: the spec names the field only, so this list is ours. */
export const NOTIFICATION_TUNNELS = ['TILL', 'PRINTER', 'EMAIL', 'SMS'] as const;

/** '00' to '23'. */
export const END_OF_DAY_HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

/** Multi-selects travel as comma-joined text (spec 1 §3). */
export const splitOptions = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
export const joinOptions = (options: readonly string[]) => options.join(',');

/** A comma-joined list whose entries all come from `allowed`; duplicates are dropped, the order is kept. */
const optionList = (allowed: readonly string[], requiredMessage?: string) =>
  z
    .string({ error: MESSAGES.emptyValues })
    .max(2000, { error: MESSAGES.maxText })
    .nullish()
    .transform((v) => [...new Set(splitOptions(v))])
    .refine((list) => list.every((o) => allowed.includes(o)), { error: BRANCH_SETTINGS_MESSAGES.unknownOption })
    .refine((list) => !requiredMessage || list.length > 0, { error: requiredMessage ?? MESSAGES.requiredFields })
    .transform(joinOptions);

/** Order Settings tab: its own save. */
export const orderSettingsInputSchema = z.object({
  tableOrderPaymentOptions: optionList(TABLE_ORDER_PAYMENT_OPTIONS),
  webOrderPaymentOptions: optionList(WEB_ORDER_PAYMENT_OPTIONS),
  notificationTunnel: optionList(NOTIFICATION_TUNNELS, BRANCH_SETTINGS_MESSAGES.notificationTunnelRequired),
  autoOrderConfirm: z.boolean({ error: MESSAGES.requiredFields }),
  autoKitchen: z.boolean({ error: MESSAGES.requiredFields }),
  autoInsideDelivery: z.boolean({ error: MESSAGES.requiredFields }),
  autoOutsideDelivery: z.boolean({ error: MESSAGES.requiredFields }),
  autoDispatch: z.boolean({ error: MESSAGES.requiredFields }),
});
export type OrderSettingsInput = z.input<typeof orderSettingsInputSchema>;

/** EOD Settings tab: its own save. Turning auto end of day off clears the hour (spec 1 §4). */
export const eodSettingsInputSchema = z
  .object({
    email: z
      .string({ error: MESSAGES.notValidEmail })
      .trim()
      .max(TEXT_MAX, { error: MESSAGES.notValidEmail })
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || (v.length >= 5 && z.email().safeParse(v).success), { error: MESSAGES.notValidEmail }),
    isAutoEndOfDay: z.boolean({ error: MESSAGES.requiredFields }),
    endOfDayHour: z.enum(END_OF_DAY_HOURS as [string, ...string[]], { error: MESSAGES.requiredFields }).nullish(),
  })
  .transform((v) => ({ ...v, endOfDayHour: v.isAutoEndOfDay ? (v.endOfDayHour ?? null) : null }))
  .refine((v) => !v.isAutoEndOfDay || v.endOfDayHour !== null, { error: MESSAGES.requiredFields, path: ['endOfDayHour'] });
export type EodSettingsInput = z.input<typeof eodSettingsInputSchema>;

const secret = z.string({ error: MESSAGES.emptyValues }).max(4000, { error: BRANCH_SETTINGS_MESSAGES.max4000 }).nullish();

/**
 * Payment Integration Settings tab: its own save. jwt and password are write-only: a blank value keeps
 * the stored one. For DOJO and OPAYO blank addresses get the provider's values for the environment;
 * any other provider clears the script and base addresses (server rule).
 */
export const paymentSettingsInputSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: MESSAGES.requiredFields }),
  jsUrl: optionalText(),
  merchantUrl: optionalText(),
  baseUrl: optionalText(),
  jwt: secret,
  password: secret,
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsInputSchema>;

/** What the admin screens read: every field except the secrets, which show only as present or not. */
export const branchSettingsSchema = z.object({
  /** null until the branch's settings are first saved (the defaults are shown). */
  id: z.number().int().nullable(),
  merchantBranchId: z.number().int(),
  tableOrderPaymentOptions: z.string(),
  webOrderPaymentOptions: z.string(),
  notificationTunnel: z.string(),
  autoOrderConfirm: z.boolean(),
  autoKitchen: z.boolean(),
  autoInsideDelivery: z.boolean(),
  autoOutsideDelivery: z.boolean(),
  autoDispatch: z.boolean(),
  email: z.string().nullable(),
  endOfDayHour: z.string().nullable(),
  isAutoEndOfDay: z.boolean(),
  provider: z.string(),
  jsUrl: z.string().nullable(),
  merchantUrl: z.string().nullable(),
  baseUrl: z.string().nullable(),
  hasJwt: z.boolean(),
  hasPassword: z.boolean(),
  userType: z.string().nullable(),
});
export type BranchSettings = z.infer<typeof branchSettingsSchema>;

/** Defaults of spec 1 §9, shown before a branch's settings are first saved. */
export const BRANCH_SETTINGS_DEFAULTS = {
  tableOrderPaymentOptions: '',
  webOrderPaymentOptions: '',
  notificationTunnel: '',
  autoOrderConfirm: true,
  autoKitchen: true,
  autoInsideDelivery: true,
  autoOutsideDelivery: false,
  autoDispatch: true,
  email: null,
  endOfDayHour: '00',
  isAutoEndOfDay: true,
  provider: 'DOJO',
  jsUrl: null,
  merchantUrl: null,
  baseUrl: null,
  hasJwt: false,
  hasPassword: false,
  userType: null,
} as const satisfies Omit<BranchSettings, 'id' | 'merchantBranchId'>;

/** Public: what the storefront needs to load the provider's card fields (spec 3 §3 'Payment settings'). */
export const publicPaymentSettingsSchema = z.object({ provider: z.string(), paymentSenseUrl: z.string().nullable() });
export type PublicPaymentSettings = z.infer<typeof publicPaymentSettingsSchema>;

/**
 * Public member view (spec 3 §3), kept to what exists so far: status and payment options. Opening
 * hours, service charges and delivery fields belong to later areas and join this shape then.
 */
export const memberBranchSettingsSchema = z.object({
  merchantBranchId: z.number().int(),
  status: z.string(),
  tableOrderPaymentOptions: z.string(),
  webOrderPaymentOptions: z.string(),
  hasDeliveryOrderType: z.boolean(),
  storeClosed: z.boolean(),
});
export type MemberBranchSettings = z.infer<typeof memberBranchSettingsSchema>;

export const storeClosedSchema = z.object({ storeClosed: z.boolean() });
export type StoreClosed = z.infer<typeof storeClosedSchema>;
