import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  MERCHANT_BRANCH_SETTINGS_DEFAULTS,
  MERCHANT_SETTINGS_PATHS,
  type MemberBranchSettings,
  type MerchantBranchSettings,
  basketSettingsInputSchema,
  marketPlaceSettingsInputSchema,
  merchantBranchSettingsSchema,
  merchantEodInputSchema,
  orderDisplaySettingsInputSchema,
  productPriceSettingsInputSchema,
  scheduleSettingsInputSchema,
} from '@tillpoint/contracts/branch-settings';
import { fromHundredths, toHundredths } from '@tillpoint/contracts/price-calculator';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { type OpeningHours, deliveryTimeSlots, flatSchedule, openingHoursOf, storeStateAt } from '@tillpoint/contracts/schedule';
import type { Db } from '../../db/open-db';
import { pageSettings } from '../../db/schema';
import { type Scope, requireMerchant, scopeOf } from '../../platform/auth';
import { errorResponses } from '../../platform/route-kit';
import { lockBranch, ownedBy } from '../../platform/tenancy';
import { type BranchSettingsRow, type BranchSettingsValues, findBranchSettings, saveBranchSettings } from './branch-settings.repo';
import { offersDelivery } from './branch-settings.service';

/** The merchant's six tabs of branch settings (spec 2 §2, §3, §4, §5) and the storefront's member view (spec 3 §3). */

const hundredths = (v: number | null) => (v === null ? null : toHundredths(v));
const fromH = (v: number | null | undefined) => (v === null || v === undefined ? null : fromHundredths(v));
const hoursOf = (row: BranchSettingsRow | undefined): OpeningHours | null => (row?.openingHours ? openingHoursOf(flatSchedule(row.openingHours as OpeningHours)) : null);

export async function displayMemberZoomOf(db: Db, s: Scope): Promise<number> {
  const [row] = await db
    .select({ zoom: pageSettings.displayMemberZoom })
    .from(pageSettings)
    .where(ownedBy(pageSettings, s));
  return row?.zoom ?? MERCHANT_BRANCH_SETTINGS_DEFAULTS.displayMemberZoom;
}

/** The merchant's shape: money in pounds, rates in percent, the schedule as the spec's flat fields. */
export function merchantSettingsRecord(s: Scope, row: BranchSettingsRow | undefined, displayMemberZoom: number): MerchantBranchSettings {
  const schedule = flatSchedule(hoursOf(row));
  if (!row) return { ...MERCHANT_BRANCH_SETTINGS_DEFAULTS, ...schedule, displayMemberZoom, id: null, merchantBranchId: s.merchantBranchId };
  return {
    id: row.id,
    merchantBranchId: row.merchantBranchId,
    email: row.email,
    isAutoEndOfDay: row.isAutoEndOfDay,
    endOfDayHour: row.endOfDayHour,
    minimumDeliveryBasketPrice: fromH(row.minimumDeliveryBasketPrice),
    deliveryFee: fromH(row.deliveryFee),
    freeDeliveryAmount: fromH(row.freeDeliveryAmount),
    collectionDiscountRate: fromH(row.collectionDiscountRateBp),
    serviceChargeOptions: row.serviceChargeOptions,
    defaultServiceCharge: row.defaultServiceCharge,
    serviceChargeOptionsTableOrder: row.serviceChargeOptionsTableOrder,
    defaultServiceChargeTableOrder: row.defaultServiceChargeTableOrder,
    serviceChargeOptionsDelivery: row.serviceChargeOptionsDelivery,
    defaultServiceChargeDelivery: row.defaultServiceChargeDelivery,
    scheduledForDelivery: row.scheduledForDelivery,
    minimumDeliveryDeliveryDuration: row.minimumDeliveryDeliveryDuration,
    maximumDeliveryDeliveryDuration: row.maximumDeliveryDeliveryDuration,
    priceCalculationMethod: row.priceCalculationMethod,
    priceCalculationRate: fromH(row.priceCalculationRateBp),
    serviceableAreas: row.serviceableAreas,
    distanceFromPostalCodeThatCanBeServiced: fromH(row.distanceHundredthsMiles),
    showEmailAddressInTheStoreCard: row.showEmailAddressInTheStoreCard,
    menuBorderColor: row.menuBorderColor,
    menuDisplayTemplate: row.menuDisplayTemplate === 'Template2' ? 'Template2' : 'Template1',
    menuDisplayType: row.menuDisplayType === 'NAME' ? 'NAME' : 'DISPLAY_NUMBER',
    displayMemberZoom,
    ...schedule,
  };
}

export async function readMerchantSettings(db: Db, s: Scope) {
  const [row, zoom] = await Promise.all([findBranchSettings(db, s), displayMemberZoomOf(db, s)]);
  return merchantSettingsRecord(s, row, zoom);
}

// ---- each tab's columns ----------------------------------------------------------------------

export const eodValues = (v: z.output<typeof merchantEodInputSchema>): BranchSettingsValues => ({
  email: v.email,
  isAutoEndOfDay: v.isAutoEndOfDay,
  endOfDayHour: v.isAutoEndOfDay ? v.endOfDayHour : null,
});

export const basketValues = (v: z.output<typeof basketSettingsInputSchema>): BranchSettingsValues => ({
  minimumDeliveryBasketPrice: hundredths(v.minimumDeliveryBasketPrice),
  deliveryFee: hundredths(v.deliveryFee),
  freeDeliveryAmount: hundredths(v.freeDeliveryAmount),
  collectionDiscountRateBp: hundredths(v.collectionDiscountRate),
  serviceChargeOptions: v.serviceChargeOptions,
  defaultServiceCharge: v.defaultServiceCharge,
  serviceChargeOptionsTableOrder: v.serviceChargeOptionsTableOrder,
  defaultServiceChargeTableOrder: v.defaultServiceChargeTableOrder,
  serviceChargeOptionsDelivery: v.serviceChargeOptionsDelivery,
  defaultServiceChargeDelivery: v.defaultServiceChargeDelivery,
  scheduledForDelivery: v.scheduledForDelivery,
  minimumDeliveryDeliveryDuration: v.minimumDeliveryDeliveryDuration,
  maximumDeliveryDeliveryDuration: v.maximumDeliveryDeliveryDuration,
});

export const scheduleValues = (v: z.output<typeof scheduleSettingsInputSchema>): BranchSettingsValues => ({ openingHours: openingHoursOf(v) });

export const productPriceValues = (v: z.output<typeof productPriceSettingsInputSchema>): BranchSettingsValues => ({
  priceCalculationMethod: v.priceCalculationMethod,
  priceCalculationRateBp: hundredths(v.priceCalculationRate),
});

export const marketPlaceValues = (v: z.output<typeof marketPlaceSettingsInputSchema>): BranchSettingsValues => ({
  serviceableAreas: v.serviceableAreas,
  distanceHundredthsMiles: hundredths(v.distanceFromPostalCodeThatCanBeServiced),
  showEmailAddressInTheStoreCard: v.showEmailAddressInTheStoreCard,
  menuBorderColor: v.menuBorderColor,
  menuDisplayTemplate: v.menuDisplayTemplate,
  menuDisplayType: v.menuDisplayType,
});

/** The storefront's member view at a moment: the schedules and the branch status decide whether it is closed. */
export function memberView(s: Scope, status: string, row: BranchSettingsRow | undefined, now: Date): MemberBranchSettings {
  const hours = hoursOf(row);
  const state = storeStateAt(status, hours, now);
  const scheduled = row?.scheduledForDelivery ?? false;
  return {
    merchantBranchId: s.merchantBranchId,
    status,
    tableOrderPaymentOptions: row?.tableOrderPaymentOptions ?? '',
    webOrderPaymentOptions: row?.webOrderPaymentOptions ?? '',
    hasDeliveryOrderType: offersDelivery(row?.webOrderPaymentOptions ?? ''),
    storeClosed: !state.open,
    closed: !state.open,
    deliveryClosed: !state.deliveryOpen,
    openHourMessage: state.message,
    todayHours: state.todayHours,
    minimumDeliveryBasketPrice: fromH(row?.minimumDeliveryBasketPrice),
    deliveryFee: fromH(row?.deliveryFee),
    freeDeliveryAmount: fromH(row?.freeDeliveryAmount),
    scheduledForDelivery: scheduled,
    orderTimeForDelivery: scheduled ? deliveryTimeSlots(status, hours, now, row?.minimumDeliveryDeliveryDuration ?? null) : [],
    serviceChargeOptions: row?.serviceChargeOptions ?? null,
    serviceChargeOptionsDelivery: row?.serviceChargeOptionsDelivery ?? null,
    serviceChargeOptionsTableOrder: row?.serviceChargeOptionsTableOrder ?? null,
    defaultServiceCharge: row?.defaultServiceCharge ?? null,
    defaultServiceChargeDelivery: row?.defaultServiceChargeDelivery ?? null,
    defaultServiceChargeTableOrder: row?.defaultServiceChargeTableOrder ?? null,
    minimumDeliveryDeliveryDuration: row?.minimumDeliveryDeliveryDuration ?? null,
    maximumDeliveryDeliveryDuration: row?.maximumDeliveryDeliveryDuration ?? null,
  };
}

/**
 * PUT merchant/{tab}: each of the merchant's tabs saves its own columns for the caller's current
 * branch (the first save creates the row, later ones update it) and replies with the saved settings.
 * BranchSettings Create is needed; the branch comes from the token, never from the request.
 */
export function merchantBranchSettingsRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['Branch settings'];
  const guard = async (req: FastifyRequest) => {
    requireMerchant(req, OBJECTS.branchSettings, 'Create');
  };
  const response = { 200: merchantBranchSettingsSchema, ...errorResponses };
  const save = async (req: FastifyRequest, values: BranchSettingsValues) => {
    const s = scopeOf(requireMerchant(req));
    await saveBranchSettings(db, s, { ...values, userType: 'merchant' });
    return readMerchantSettings(db, s);
  };
  const tab = <S extends z.ZodType>(path: string, body: S, values: (v: z.output<S>) => BranchSettingsValues) =>
    app.put(`/api/${path}`, { onRequest: guard, schema: { tags, body, response } }, async (req) => save(req, values(req.body as z.output<S>)));

  tab(MERCHANT_SETTINGS_PATHS.eod, merchantEodInputSchema, eodValues);
  tab(MERCHANT_SETTINGS_PATHS.basket, basketSettingsInputSchema, basketValues);
  tab(MERCHANT_SETTINGS_PATHS.schedules, scheduleSettingsInputSchema, scheduleValues);
  tab(MERCHANT_SETTINGS_PATHS.productPrice, productPriceSettingsInputSchema, productPriceValues);
  tab(MERCHANT_SETTINGS_PATHS.marketPlace, marketPlaceSettingsInputSchema, marketPlaceValues);
  // The order display zoom lives with the branch's page settings (spec 2 §3), created with no images when there are none yet.
  app.put(`/api/${MERCHANT_SETTINGS_PATHS.orderDisplay}`, { onRequest: guard, schema: { tags, body: orderDisplaySettingsInputSchema, response } }, async (req) => {
    const s = scopeOf(requireMerchant(req));
    await db.transaction(async (tx) => {
      await lockBranch(tx, s);
      await tx
        .insert(pageSettings)
        .values({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId, displayMemberZoom: req.body.displayMemberZoom })
        .onConflictDoUpdate({
          target: [pageSettings.merchantAccountId, pageSettings.merchantBranchId],
          set: { displayMemberZoom: req.body.displayMemberZoom, updatedDate: new Date() },
        });
    });
    return readMerchantSettings(db, s);
  });
}
