import type { z } from 'zod';
import {
  type eodSettingsInputSchema,
  type orderSettingsInputSchema,
  type paymentSettingsInputSchema,
  splitOptions,
} from '@tillpoint/contracts/branch-settings';
import { providerEndpoints } from '@tillpoint/contracts/payment-providers';
import type { BranchSettingsValues } from './branch-settings.repo';

/** Order Settings tab: its columns only. */
export function orderSettingsValues(v: z.output<typeof orderSettingsInputSchema>): BranchSettingsValues {
  return {
    tableOrderPaymentOptions: v.tableOrderPaymentOptions,
    webOrderPaymentOptions: v.webOrderPaymentOptions,
    notificationTunnel: v.notificationTunnel,
    autoOrderConfirm: v.autoOrderConfirm,
    autoKitchen: v.autoKitchen,
    autoInsideDelivery: v.autoInsideDelivery,
    autoOutsideDelivery: v.autoOutsideDelivery,
    autoDispatch: v.autoDispatch,
  };
}

/** EOD Settings tab: its columns only; auto end of day off clears the hour (spec 1 §4). */
export function eodSettingsValues(v: z.output<typeof eodSettingsInputSchema>): BranchSettingsValues {
  return { email: v.email, isAutoEndOfDay: v.isAutoEndOfDay, endOfDayHour: v.isAutoEndOfDay ? v.endOfDayHour : null };
}

/**
 * Payment Integration Settings tab: its columns only (spec 1 §4).
 * - DOJO and OPAYO: a blank address gets the provider's value for the environment (sandbox in a test
 *   environment, live otherwise); an address typed in is kept.
 * - Any other provider clears the script and base addresses.
 * - jwt and password are write-only: blank keeps the stored value, so they are only written when given.
 */
export function paymentSettingsValues(v: z.output<typeof paymentSettingsInputSchema>, testEnvironment: boolean): BranchSettingsValues {
  const defaults = providerEndpoints(v.provider, testEnvironment);
  const values: BranchSettingsValues = defaults
    ? {
        provider: v.provider,
        jsUrl: v.jsUrl || defaults.jsUrl,
        baseUrl: v.baseUrl || defaults.baseUrl,
        merchantUrl: v.merchantUrl || defaults.merchantUrl,
      }
    : { provider: v.provider, jsUrl: null, baseUrl: null, merchantUrl: v.merchantUrl || null };
  if (v.jwt?.trim()) values.jwt = v.jwt;
  if (v.password?.trim()) values.password = v.password;
  // Opayo's own fields: written when the tab sends them (a blank clears the vendor name and user).
  if (v.vendorName !== undefined) values.vendorName = v.vendorName?.trim() || null;
  if (v.reportingUser !== undefined) values.reportingUser = v.reportingUser?.trim() || null;
  if (v.reportingPassword?.trim()) values.reportingPassword = v.reportingPassword;
  return values;
}

/** The storefront offers Delivery when a web payment option mentions it (spec 3 §6). */
export const offersDelivery = (webOrderPaymentOptions: string) => splitOptions(webOrderPaymentOptions).some((o) => o.includes('(DELIVERY)'));
