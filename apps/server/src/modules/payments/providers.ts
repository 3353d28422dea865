import { providerEndpoints } from '@tillpoint/contracts/payment-providers';
import type { Db } from '../../db/open-db';
import { type BranchSettingsRow, paymentSecretsOf } from '../settings/branch-settings.repo';
import { dojoProvider } from './dojo-provider';
import { opayoProvider } from './opayo-provider';
import { DEFAULT_PROVIDER_TIMEOUT_MS, type PaymentProvider } from './payment-provider';
import { simulatorProvider } from './simulator-provider';

/** What the payment flow is built with: the database, our public origin and the providers' deadline. */
export type PaymentDeps = {
  db: Db;
  /** The origin of the addresses we give providers (the 3-D Secure notification): PUBLIC_URL, never a request's Host. */
  publicUrl: string;
  testEnvironment: boolean;
  timeoutMs: number;
  /** The provider a branch's payment settings choose, or null (NONE, or DOJO/OPAYO without credentials). */
  providerFor: (provider: string, settings: BranchSettingsRow | undefined) => PaymentProvider | null;
  /** Told after an order accepted as it was placed has committed: its kitchen tickets are queued (the print queue is woken). */
  ticketsQueued?: () => void;
};

export function paymentDeps(o: { db: Db; publicUrl: string; testEnvironment: boolean; timeoutMs?: number; ticketsQueued?: () => void }): PaymentDeps {
  const timeoutMs = o.timeoutMs ?? (Number(process.env.PAYMENT_TIMEOUT_MS) || DEFAULT_PROVIDER_TIMEOUT_MS);
  const simulator = simulatorProvider(o.db, { acsOrigin: '' });
  return {
    db: o.db,
    publicUrl: o.publicUrl,
    testEnvironment: o.testEnvironment,
    timeoutMs,
    ticketsQueued: o.ticketsQueued,
    providerFor(provider, settings) {
      if (provider === 'SIMULATOR') return simulator;
      if ((provider !== 'OPAYO' && provider !== 'DOJO') || !settings) return null;
      const { jwt, password, reportingPassword } = paymentSecretsOf(settings);
      const baseUrl = settings.baseUrl || providerEndpoints(provider, o.testEnvironment)?.baseUrl;
      if (!jwt || !baseUrl) return null;
      if (provider === 'DOJO') return dojoProvider({ baseUrl, secretKey: jwt, timeoutMs });
      if (!password || !settings.vendorName) return null;
      const reporting = settings.reportingUser && reportingPassword ? { user: settings.reportingUser, password: reportingPassword } : null;
      return opayoProvider({ baseUrl, vendorName: settings.vendorName, integrationKey: jwt, integrationPassword: password, reporting, timeoutMs });
    },
  };
}
