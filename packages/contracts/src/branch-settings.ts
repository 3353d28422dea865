import { z } from 'zod';
import { joinOptions, splitOptions } from './branch-settings-paths';
import { MESSAGES } from './messages';
import { TEXT_MAX, optionalText } from './fields';
import { PAYMENT_PROVIDERS } from './payment-providers';
import { PRICE_CALCULATION_METHODS, isNoCalculation } from './price-calculator';
import { branchScheduleInputSchema, branchScheduleSchema } from './schedule';
import { MENU_SORT_TYPES } from './web-menu';

// The paths live in branch-settings-paths.ts so the lean storefront can import them without zod.
export { BRANCH_SETTINGS_PATHS } from './branch-settings-paths';

/** Texts of the branch settings tabs (spec 1 §5). */
export const BRANCH_SETTINGS_MESSAGES = {
  notificationTunnelRequired: 'Please select notification tunnel',
  /** The jwt and password fields allow 4000 characters, but the spec's message says 400 (spec 1 §5). */
  max4000: 'You can enter up to 400 characters in this field.',
  unknownOption: 'Please choose from the listed options.',
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

/** Multi-selects travel as comma-joined text (spec 1 §3); zod-free in branch-settings-paths.ts. */
export { joinOptions, splitOptions };

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
  /** Opayo's vendor name (merchant session keys) and its Reporting & Admin API user; the reporting password is write-only like jwt. */
  vendorName: optionalText(),
  reportingUser: optionalText(),
  reportingPassword: secret,
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
  vendorName: z.string().nullable(),
  reportingUser: z.string().nullable(),
  hasReportingPassword: z.boolean(),
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
  vendorName: null,
  reportingUser: null,
  hasReportingPassword: false,
} as const satisfies Omit<BranchSettings, 'id' | 'merchantBranchId'>;

/** Public: what the storefront needs to load the provider's card fields (spec 3 §3 'Payment settings'). */
export const publicPaymentSettingsSchema = z.object({ provider: z.string(), paymentSenseUrl: z.string().nullable() });
export type PublicPaymentSettings = z.infer<typeof publicPaymentSettingsSchema>;

export const storeClosedSchema = z.object({ storeClosed: z.boolean() });
export type StoreClosed = z.infer<typeof storeClosedSchema>;

// ---- Merchant tabs (spec 2 §2 "Branch settings", §3, §4, §5; spec 3 §3 member view) ------------

export const MERCHANT_SETTINGS_MESSAGES = {
  endOfDayHour: 'Please fill the End Of Day Hour',
  rate: 'Please fill the rate field!',
  email50: 'You can enter up to 50 characters in this field.',
  /** Ours. */
  durations: 'The maximum delivery duration cannot be less than the minimum.',
  duration: 'Delivery durations are whole minutes from 0 to 1,440.',
  distance: 'The distance must be between 0 and 1,000 miles with at most 2 decimals.',
  zoom: 'The zoom must be a whole number from 1 to 10.',
  rateRange: 'The rate must be between 0 and 100 with at most 2 decimals.',
  serviceChargeRate: 'Please choose a service charge of 0%, 5%, 10% or 20%.',
} as const;

/** The merchant's tabs save here, each on its own, for the caller's current branch (spec 2 "paths not shown"). */
export const MERCHANT_SETTINGS_PATHS = {
  /** GET: the current branch's settings (-1), or another branch the user works at. */
  current: 'storemanagement/merchantbranchsettings/merchantBranchId/-1',
  eod: 'storemanagement/merchantbranchsettings/merchant/eod',
  basket: 'storemanagement/merchantbranchsettings/merchant/basket',
  schedules: 'storemanagement/merchantbranchsettings/merchant/schedules',
  productPrice: 'storemanagement/merchantbranchsettings/merchant/productprice',
  marketPlace: 'storemanagement/merchantbranchsettings/merchant/marketplace',
  orderDisplay: 'storemanagement/merchantbranchsettings/merchant/orderdisplay',
} as const;
export const MERCHANT_SETTINGS_TABS = ['EOD Settings', 'Basket Settings', 'Branch Schedules', 'Product Price', 'Market Place Settings', 'Order Display Settings'] as const;

/** Service charge options (spec 3 §4.6): ACTIVE offers them with 'Not this time', ENFORCED without; PASSIVE or blank offers none. */
export const SERVICE_CHARGE_OPTIONS = ['ACTIVE', 'ENFORCED', 'PASSIVE'] as const;
export const SERVICE_CHARGE_RATES = [0, 5, 10, 20] as const;
export const MENU_DISPLAY_TEMPLATES = ['Template1', 'Template2'] as const;
export const DEFAULT_MENU_BORDER_COLOR = '#00bcd4';

const isTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-7;
const amount = (max: number, message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(max, { error: message })
    .refine(isTwoDecimals, { error: message })
    .nullish()
    .transform((v) => v ?? null);
const money = amount(1_000_000, `Prices must be between 0 and 1,000,000 with at most 2 decimals.`);
const minutes = z
  .number({ error: MERCHANT_SETTINGS_MESSAGES.duration })
  .int({ error: MERCHANT_SETTINGS_MESSAGES.duration })
  .min(0, { error: MERCHANT_SETTINGS_MESSAGES.duration })
  .max(1440, { error: MERCHANT_SETTINGS_MESSAGES.duration })
  .nullish()
  .transform((v) => v ?? null);
const serviceChargeOption = z
  .enum([...SERVICE_CHARGE_OPTIONS, ''], { error: MESSAGES.emptyValues })
  .nullish()
  .transform((v) => v || null);
const serviceChargeRate = z
  .number({ error: MERCHANT_SETTINGS_MESSAGES.serviceChargeRate })
  .refine((n) => (SERVICE_CHARGE_RATES as readonly number[]).includes(n), { error: MERCHANT_SETTINGS_MESSAGES.serviceChargeRate })
  .nullish()
  .transform((v) => v ?? null);
/** Blank or PASSIVE clears the matching default (spec 2 §4). */
const offered = (option: string | null, rate: number | null) => (option === null || option === 'PASSIVE' ? null : rate);

/** EOD Settings (merchant): e-mail required, 5 to 50 characters; the hour required while auto end of day is on, cleared when off. */
export const merchantEodInputSchema = z
  .object({
    email: z
      .string({ error: MESSAGES.requiredFields })
      .trim()
      .min(1, { error: MESSAGES.requiredFields })
      .max(50, { error: MERCHANT_SETTINGS_MESSAGES.email50 })
      .refine((v) => v.length >= 5 && z.email().safeParse(v).success, { error: MESSAGES.notValidEmail }),
    isAutoEndOfDay: z.boolean({ error: MESSAGES.requiredFields }),
    // The message on the union itself: an hour outside 00 to 23 would otherwise read 'Invalid input'.
    endOfDayHour: z
      .union([z.enum(END_OF_DAY_HOURS as [string, ...string[]]), z.literal('')], { error: MERCHANT_SETTINGS_MESSAGES.endOfDayHour })
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => !v.isAutoEndOfDay || v.endOfDayHour !== null, { error: MERCHANT_SETTINGS_MESSAGES.endOfDayHour, path: ['endOfDayHour'] })
  .transform((v) => ({ ...v, endOfDayHour: v.isAutoEndOfDay ? v.endOfDayHour : null }));
export type MerchantEodInput = z.output<typeof merchantEodInputSchema>;

/** Basket Settings: money in pounds, the collection discount in percent, durations in minutes. */
export const basketSettingsInputSchema = z
  .object({
    minimumDeliveryBasketPrice: money,
    deliveryFee: money,
    freeDeliveryAmount: money,
    collectionDiscountRate: amount(100, MERCHANT_SETTINGS_MESSAGES.rateRange),
    serviceChargeOptions: serviceChargeOption,
    defaultServiceCharge: serviceChargeRate,
    serviceChargeOptionsTableOrder: serviceChargeOption,
    defaultServiceChargeTableOrder: serviceChargeRate,
    serviceChargeOptionsDelivery: serviceChargeOption,
    defaultServiceChargeDelivery: serviceChargeRate,
    scheduledForDelivery: z.boolean({ error: MESSAGES.emptyValues }).default(false),
    minimumDeliveryDeliveryDuration: minutes,
    maximumDeliveryDeliveryDuration: minutes,
  })
  .refine(
    (v) => v.minimumDeliveryDeliveryDuration === null || v.maximumDeliveryDeliveryDuration === null || v.maximumDeliveryDeliveryDuration >= v.minimumDeliveryDeliveryDuration,
    { error: MERCHANT_SETTINGS_MESSAGES.durations, path: ['maximumDeliveryDeliveryDuration'] },
  )
  .transform((v) => ({
    ...v,
    defaultServiceCharge: offered(v.serviceChargeOptions, v.defaultServiceCharge),
    defaultServiceChargeTableOrder: offered(v.serviceChargeOptionsTableOrder, v.defaultServiceChargeTableOrder),
    defaultServiceChargeDelivery: offered(v.serviceChargeOptionsDelivery, v.defaultServiceChargeDelivery),
  }));
export type BasketSettingsInput = z.output<typeof basketSettingsInputSchema>;

/** Product Price: a method other than none needs a rate ('Please fill the rate field!'); none clears it. */
export const productPriceSettingsInputSchema = z
  .object({
    priceCalculationMethod: z.enum(PRICE_CALCULATION_METHODS, { error: MESSAGES.emptyValues }).nullish().transform((v) => v ?? 'EMPTY'),
    priceCalculationRate: amount(10_000, 'Percentages must be between 0 and 10,000 with at most 2 decimals.'),
  })
  .refine((v) => isNoCalculation(v.priceCalculationMethod) || v.priceCalculationRate !== null, { error: MERCHANT_SETTINGS_MESSAGES.rate, path: ['priceCalculationRate'] })
  .transform((v) => ({ ...v, priceCalculationRate: isNoCalculation(v.priceCalculationMethod) ? null : v.priceCalculationRate }));
export type ProductPriceSettingsInput = z.output<typeof productPriceSettingsInputSchema>;

export const marketPlaceSettingsInputSchema = z.object({
  // A text field like any other (spec 2 §5: at most 255 characters, in the spec's words).
  serviceableAreas: optionalText().transform((v) => v || null),
  distanceFromPostalCodeThatCanBeServiced: amount(1000, MERCHANT_SETTINGS_MESSAGES.distance),
  showEmailAddressInTheStoreCard: z.boolean({ error: MESSAGES.emptyValues }).default(false),
  menuBorderColor: z
    .string({ error: MESSAGES.emptyValues })
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, { error: 'Please choose a colour (#rrggbb).' })
    .nullish()
    .transform((v) => v || DEFAULT_MENU_BORDER_COLOR),
  menuDisplayTemplate: z.enum(MENU_DISPLAY_TEMPLATES, { error: MESSAGES.emptyValues }).nullish().transform((v) => v ?? 'Template1'),
  menuDisplayType: z.enum(MENU_SORT_TYPES, { error: MESSAGES.emptyValues }).nullish().transform((v) => v ?? 'DISPLAY_NUMBER'),
});
export type MarketPlaceSettingsInput = z.output<typeof marketPlaceSettingsInputSchema>;

export const orderDisplaySettingsInputSchema = z.object({
  displayMemberZoom: z
    .number({ error: MERCHANT_SETTINGS_MESSAGES.zoom })
    .int({ error: MERCHANT_SETTINGS_MESSAGES.zoom })
    .min(1, { error: MERCHANT_SETTINGS_MESSAGES.zoom })
    .max(10, { error: MERCHANT_SETTINGS_MESSAGES.zoom })
    .nullish()
    .transform((v) => v ?? 2),
});

export const scheduleSettingsInputSchema = branchScheduleInputSchema;

/** What the merchant's six tabs read (no payment or order settings: those are the administrator's). */
export const merchantBranchSettingsSchema = z.object({
  id: z.number().int().nullable(),
  merchantBranchId: z.number().int(),
  email: z.string().nullable(),
  isAutoEndOfDay: z.boolean(),
  endOfDayHour: z.string().nullable(),
  minimumDeliveryBasketPrice: z.number().nullable(),
  deliveryFee: z.number().nullable(),
  freeDeliveryAmount: z.number().nullable(),
  collectionDiscountRate: z.number().nullable(),
  serviceChargeOptions: z.string().nullable(),
  defaultServiceCharge: z.number().nullable(),
  serviceChargeOptionsTableOrder: z.string().nullable(),
  defaultServiceChargeTableOrder: z.number().nullable(),
  serviceChargeOptionsDelivery: z.string().nullable(),
  defaultServiceChargeDelivery: z.number().nullable(),
  scheduledForDelivery: z.boolean(),
  minimumDeliveryDeliveryDuration: z.number().int().nullable(),
  maximumDeliveryDeliveryDuration: z.number().int().nullable(),
  priceCalculationMethod: z.string(),
  priceCalculationRate: z.number().nullable(),
  serviceableAreas: z.string().nullable(),
  distanceFromPostalCodeThatCanBeServiced: z.number().nullable(),
  showEmailAddressInTheStoreCard: z.boolean(),
  menuBorderColor: z.string(),
  menuDisplayTemplate: z.enum(MENU_DISPLAY_TEMPLATES),
  menuDisplayType: z.enum(MENU_SORT_TYPES),
  displayMemberZoom: z.number().int(),
  ...branchScheduleSchema.shape,
});
export type MerchantBranchSettings = z.infer<typeof merchantBranchSettingsSchema>;

/** Spec 2 §9 and spec 3 §9 defaults, shown before the first save. */
export const MERCHANT_BRANCH_SETTINGS_DEFAULTS = {
  email: null,
  isAutoEndOfDay: true,
  endOfDayHour: '00',
  minimumDeliveryBasketPrice: null,
  deliveryFee: null,
  freeDeliveryAmount: null,
  collectionDiscountRate: null,
  serviceChargeOptions: null,
  defaultServiceCharge: null,
  serviceChargeOptionsTableOrder: null,
  defaultServiceChargeTableOrder: null,
  serviceChargeOptionsDelivery: null,
  defaultServiceChargeDelivery: null,
  scheduledForDelivery: false,
  minimumDeliveryDeliveryDuration: null,
  maximumDeliveryDeliveryDuration: null,
  priceCalculationMethod: 'EMPTY',
  priceCalculationRate: null,
  serviceableAreas: null,
  distanceFromPostalCodeThatCanBeServiced: null,
  showEmailAddressInTheStoreCard: false,
  menuBorderColor: DEFAULT_MENU_BORDER_COLOR,
  menuDisplayTemplate: 'Template1',
  menuDisplayType: 'DISPLAY_NUMBER',
  displayMemberZoom: 2,
} as const;

/** The storefront's view (spec 3 §3 "Branch settings (member view)"): opening hours decide storeClosed, in Europe/London. */
export const memberBranchSettingsSchema = z.object({
  merchantBranchId: z.number().int(),
  status: z.string(),
  tableOrderPaymentOptions: z.string(),
  webOrderPaymentOptions: z.string(),
  hasDeliveryOrderType: z.boolean(),
  storeClosed: z.boolean(),
  closed: z.boolean(),
  /** Delivery is closed now (outside the day's delivery hours) while the store may be open for collection. */
  deliveryClosed: z.boolean(),
  openHourMessage: z.string(),
  todayHours: z.string(),
  minimumDeliveryBasketPrice: z.number().nullable(),
  deliveryFee: z.number().nullable(),
  freeDeliveryAmount: z.number().nullable(),
  scheduledForDelivery: z.boolean(),
  orderTimeForDelivery: z.array(z.object({ id: z.string(), name: z.string() })),
  serviceChargeOptions: z.string().nullable(),
  serviceChargeOptionsDelivery: z.string().nullable(),
  serviceChargeOptionsTableOrder: z.string().nullable(),
  defaultServiceCharge: z.number().nullable(),
  defaultServiceChargeDelivery: z.number().nullable(),
  defaultServiceChargeTableOrder: z.number().nullable(),
  minimumDeliveryDeliveryDuration: z.number().int().nullable(),
  maximumDeliveryDeliveryDuration: z.number().int().nullable(),
});
export type MemberBranchSettings = z.infer<typeof memberBranchSettingsSchema>;
