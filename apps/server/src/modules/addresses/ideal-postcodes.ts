import { z } from 'zod';
import type { AddressLookupResult } from '@tillpoint/contracts/address-lookup';
import { type AddressProvider, AddressServiceUnavailable } from './addresses.repo';

/**
 * Ideal Postcodes' postcode look-up (GET /v1/postcodes/{postcode}?api_key=…, their documented REST
 * API): 200 with code 2000 and `result`, the addresses of the postcode; 404 with code 4040, no such
 * postcode. Anything else (401 4010 invalid key, 402 4020/4021 balance or limit, 5xx, a timeout, a
 * body we cannot read) means the service could not answer: AddressServiceUnavailable.
 */
export type IdealPostcodesOptions = { apiKey: string; url: string; timeoutMs: number };

const coordinate = z.union([z.number(), z.literal('')]);
/** The fields of an address we use; their replies carry many more (see @ideal-postcodes/api-fixtures). */
const idealAddressSchema = z.object({
  postcode: z.string(),
  post_town: z.string(),
  line_1: z.string(),
  line_2: z.string(),
  line_3: z.string(),
  latitude: coordinate,
  longitude: coordinate,
});
const foundSchema = z.object({ code: z.literal(2000), result: z.array(idealAddressSchema) });
const codeSchema = z.object({ code: z.number(), message: z.string().optional() });
type IdealAddress = z.infer<typeof idealAddressSchema>;

/** Positions rarely move; a branch's own postcode is asked for on every distance check. */
const COORDINATE_CACHE_SIZE = 1_000;

function toResult(a: IdealAddress): AddressLookupResult {
  const lines = [a.line_1, a.line_2, a.line_3, ''];
  return { postCode: a.postcode, addressLines: lines, postTown: a.post_town, displayString: [...lines.filter(Boolean), a.post_town, a.postcode].join(', ') };
}

export function idealPostcodesProvider(options: IdealPostcodesOptions): AddressProvider {
  const base = options.url.replace(/\/+$/, '');
  const positions = new Map<string, { lat: number; lon: number }>();
  const remember = (postcode: string, addresses: IdealAddress[]) => {
    const placed = addresses.find((a) => a.latitude !== '' && a.longitude !== '');
    if (!placed || placed.latitude === '' || placed.longitude === '') return;
    if (positions.size >= COORDINATE_CACHE_SIZE) positions.delete(positions.keys().next().value as string);
    positions.set(postcode, { lat: placed.latitude, lon: placed.longitude });
  };

  /** The addresses of a normalised postcode ([] when it does not exist). */
  async function addressesOf(postcode: string): Promise<IdealAddress[]> {
    // Their examples and fixtures send the postcode without its space (/v1/postcodes/SW1A2AA).
    const url = `${base}/v1/postcodes/${encodeURIComponent(postcode.replace(/\s+/g, ''))}?api_key=${encodeURIComponent(options.apiKey)}`;
    let status: number;
    let body: unknown;
    try {
      // The timeout covers the body as well as the headers.
      const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
      status = res.status;
      body = await res.json().catch(() => null);
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      // The URL holds the key, so it is never part of the message.
      throw new AddressServiceUnavailable(timedOut ? `Ideal Postcodes did not answer within ${options.timeoutMs} ms` : 'Ideal Postcodes could not be reached');
    }
    const coded = codeSchema.safeParse(body);
    if (status === 404 && coded.success && coded.data.code === 4040) return [];
    if (status === 200) {
      const found = foundSchema.safeParse(body);
      if (found.success) {
        remember(postcode, found.data.result);
        return found.data.result;
      }
    }
    const code = coded.success ? ` (code ${coded.data.code}: ${coded.data.message ?? ''})` : '';
    throw new AddressServiceUnavailable(`Ideal Postcodes answered ${status}${code}`);
  }

  return {
    async lookup(_db, postcode) {
      return (await addressesOf(postcode)).map(toResult);
    },
    async coordinates(_db, postcode) {
      const known = positions.get(postcode);
      if (known) return known;
      await addressesOf(postcode);
      return positions.get(postcode) ?? null;
    },
  };
}
