import type { Config } from '../../config';
import { type AddressProvider, gazetteerProvider } from './addresses.repo';
import { idealPostcodesProvider } from './ideal-postcodes';

const made = new WeakMap<Config, AddressProvider>();

/**
 * The address provider the configuration names (ADDRESS_PROVIDER): the built-in gazetteer, or
 * Ideal Postcodes with IDEAL_POSTCODES_API_KEY (main.ts refuses to start without the key). One per
 * configuration, so the look-up and the checkout's serviceability check share its position cache.
 */
export function addressProviderFor(config: Config): AddressProvider {
  if (config.addressProvider !== 'ideal-postcodes' || !config.idealPostcodes.apiKey) return gazetteerProvider;
  let provider = made.get(config);
  if (!provider) {
    provider = idealPostcodesProvider({ ...config.idealPostcodes, apiKey: config.idealPostcodes.apiKey });
    made.set(config, provider);
  }
  return provider;
}
