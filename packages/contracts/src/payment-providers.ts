/**
 * Card payment providers and their public endpoints (spec 1 §4 and §9: DOJO and OPAYO have distinct
 * live and sandbox endpoints; choosing one fills the script, base and merchant addresses, any other
 * provider clears the script and base addresses). Free of zod so a screen can use it cheaply.
 */
export const PAYMENT_PROVIDERS = ['DOJO', 'OPAYO', 'SIMULATOR', 'NONE'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const DEFAULT_PAYMENT_PROVIDER: PaymentProvider = 'DOJO';

/** The providers whose addresses come from this table; the others have none. */
export const PROVIDERS_WITH_ENDPOINTS = ['DOJO', 'OPAYO'] as const;
export type ProviderWithEndpoints = (typeof PROVIDERS_WITH_ENDPOINTS)[number];

export type ProviderEndpoints = {
  /** The provider's browser script that draws the card fields (the storefront's paymentSenseUrl). */
  jsUrl: string;
  /** The REST API base the server calls. */
  baseUrl: string;
  /** Where the server starts a payment: Dojo payment intents, Opayo merchant session keys. */
  merchantUrl: string;
};

export const PAYMENT_ENVIRONMENTS = ['sandbox', 'live'] as const;
export type PaymentEnvironment = (typeof PAYMENT_ENVIRONMENTS)[number];

/**
 * Dojo (formerly Paymentsense) takes test and live payments on the same API host, told apart by the
 * key; its card-component script has a test and a live host. Opayo (Elavon) has a host per environment.
 */
export const PROVIDER_ENDPOINTS: Record<ProviderWithEndpoints, Record<PaymentEnvironment, ProviderEndpoints>> = {
  DOJO: {
    sandbox: {
      jsUrl: 'https://web.e.test.connect.paymentsense.cloud/assets/js/client.js',
      baseUrl: 'https://api.dojo.tech/',
      merchantUrl: 'https://api.dojo.tech/payment-intents',
    },
    live: {
      jsUrl: 'https://web.e.connect.paymentsense.cloud/assets/js/client.js',
      baseUrl: 'https://api.dojo.tech/',
      merchantUrl: 'https://api.dojo.tech/payment-intents',
    },
  },
  OPAYO: {
    sandbox: {
      jsUrl: 'https://sandbox.opayo.eu.elavon.com/api/v1/js/sagepay.js',
      baseUrl: 'https://sandbox.opayo.eu.elavon.com/api/v1',
      merchantUrl: 'https://sandbox.opayo.eu.elavon.com/api/v1/merchant-session-keys',
    },
    live: {
      jsUrl: 'https://live.opayo.eu.elavon.com/api/v1/js/sagepay.js',
      baseUrl: 'https://live.opayo.eu.elavon.com/api/v1',
      merchantUrl: 'https://live.opayo.eu.elavon.com/api/v1/merchant-session-keys',
    },
  },
};

/** Live values in production, sandbox values in a test environment (spec 1 §4). */
export const paymentEnvironment = (testEnvironment: boolean): PaymentEnvironment => (testEnvironment ? 'sandbox' : 'live');

export const hasEndpoints = (provider: string): provider is ProviderWithEndpoints =>
  (PROVIDERS_WITH_ENDPOINTS as readonly string[]).includes(provider);

/** The addresses a provider choice fills in, or null for a provider that has none (they are cleared). */
export function providerEndpoints(provider: string, testEnvironment: boolean): ProviderEndpoints | null {
  return hasEndpoints(provider) ? PROVIDER_ENDPOINTS[provider][paymentEnvironment(testEnvironment)] : null;
}
