import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, ADDRESS_PATHS, type AddressLookupResult, type Serviceability } from '@tillpoint/contracts/address-lookup';
import { loadConfig, configProblems } from '../../config';
import { branchSettings, credit, merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant, signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { AddressServiceUnavailable } from './addresses.repo';
import { lookupAddresses } from './addresses.service';
import { idealPostcodesProvider } from './ideal-postcodes';
import { startIdealPostcodesStandIn } from './ideal-postcodes-stand-in';

type ApiError = { type: string; details: string };
const KEY = 'ak_test_tillpoint';
const TIMEOUT_MS = 400;
let standIn: Awaited<ReturnType<typeof startIdealPostcodesStandIn>>;
let t: TestApp;
let demo: Scope;
let shop: Scope;

beforeAll(async () => {
  standIn = await startIdealPostcodesStandIn({ apiKey: KEY });
  t = await createTestApp({ config: { addressProvider: 'ideal-postcodes', idealPostcodes: { apiKey: KEY, url: standIn.url, timeoutMs: TIMEOUT_MS } } });
  const d = await signInDemo(t);
  demo = { merchantAccountId: d.demoAccount, merchantBranchId: d.demoBranch };
  const m = await addMerchant(t.db, { domainName: 'ideal-shop', userName: 'ideal', password: 'Ideal1234' });
  shop = { merchantAccountId: m.merchantAccountId, merchantBranchId: m.merchantBranchId };
  await t.db.update(merchantBranch).set({ postCode: 'SW1A 2AA' }).where(eq(merchantBranch.id, shop.merchantBranchId));
  await t.db.insert(credit).values([
    { ...shop, creditType: 'ADDRESS', creditValue: 100 },
    { ...shop, creditType: 'DISTANCE', creditValue: 100 },
  ]);
  await t.db.insert(branchSettings).values({ ...shop, distanceHundredthsMiles: 1_000 });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const used = async (s: Scope, type: string) =>
  (await t.db.select({ u: credit.creditUsed }).from(credit).where(and(eq(credit.merchantBranchId, s.merchantBranchId), eq(credit.creditType, type)))).reduce((n, r) => n + r.u, 0);
const lookup = (s: Scope, postcode: string) => t.json<AddressLookupResult[] & ApiError>('GET', `/api/${ADDRESS_PATHS.lookup(s.merchantBranchId, postcode)}`);
const serviceable = (s: Scope, postcode: string) => t.json<Serviceability & ApiError>('GET', `/api/${ADDRESS_PATHS.serviceable(s.merchantBranchId, postcode)}`);

describe('Ideal Postcodes adapter (ADDRESS_PROVIDER=ideal-postcodes), against a stand-in with their recorded replies', () => {
  it('found: the addresses in our shape, asked with the key and the postcode without its space, for one ADDRESS credit', async () => {
    standIn.behave('normal');
    const before = await used(shop, 'ADDRESS');
    const res = await lookup(shop, 'sw1a 2aa');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        postCode: 'SW1A 2AA',
        addressLines: ['Prime Minister & First Lord Of The Treasury', '10 Downing Street', '', ''],
        postTown: 'LONDON',
        displayString: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, LONDON, SW1A 2AA',
      },
    ]);
    expect(standIn.requests.at(-1)).toEqual({ path: '/v1/postcodes/SW1A2AA', apiKey: KEY });
    expect(await used(shop, 'ADDRESS')).toBe(before + 1);
    const several = await lookup(shop, 'CV4 7AL');
    expect(several.body.length).toBeGreaterThan(1);
    expect(several.body[1].addressLines).toEqual(['Room 1, Block 1 Arthur Vick', 'Gibbet Hill Road', '', '']);
  });

  it("not found (404, code 4040): 'No Available Address'; the look-up was made, so its credit is spent", async () => {
    const before = await used(shop, 'ADDRESS');
    const res = await lookup(shop, 'M1 1AE');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'INFO', details: ADDRESS_MESSAGES.noAddress });
    expect(await used(shop, 'ADDRESS')).toBe(before + 1);
  });

  it('timeout, 500 and 503: an INFO notice so the customer types the address, never a 5xx; the credit is given back', async () => {
    for (const behaviour of ['hang', 'error500', 'error503'] as const) {
      standIn.behave(behaviour);
      const before = await used(shop, 'ADDRESS');
      const started = Date.now();
      const res = await lookup(shop, 'SW1A 2AA');
      expect(res.status, behaviour).toBe(200);
      expect(res.body).toEqual({ type: 'INFO', details: ADDRESS_MESSAGES.noCredit });
      expect(await used(shop, 'ADDRESS')).toBe(before);
      // The timeout ends a held request; generous bounds, since the machine is shared.
      if (behaviour === 'hang') expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    }
    standIn.behave('normal');
  });

  it('an invalid key (401, code 4010) is the service refusing: unavailable, the same INFO notice, no credit spent', async () => {
    const wrong = idealPostcodesProvider({ apiKey: 'not-our-key', url: standIn.url, timeoutMs: TIMEOUT_MS });
    await expect(wrong.lookup(t.db, 'SW1A 2AA')).rejects.toThrow(AddressServiceUnavailable);
    await expect(wrong.lookup(t.db, 'SW1A 2AA')).rejects.toThrow(/401 \(code 4010/);
    const before = await used(shop, 'ADDRESS');
    expect(await lookupAddresses(t.db, wrong, shop.merchantBranchId, 'SW1A 2AA')).toEqual({ type: 'INFO', details: ADDRESS_MESSAGES.noCredit });
    expect(await used(shop, 'ADDRESS')).toBe(before);
  });

  it('no ADDRESS credit left: the INFO notice, and the service is not asked (nor paid) at all', async () => {
    await t.db.update(credit).set({ creditUsed: credit.creditValue }).where(eq(credit.merchantBranchId, demo.merchantBranchId));
    const asked = standIn.requests.length;
    expect((await lookup(demo, 'SW1A 2AA')).body).toEqual({ type: 'INFO', details: ADDRESS_MESSAGES.noCredit });
    expect(standIn.requests.length).toBe(asked);
  });

  it("distance from the service's coordinates, for one DISTANCE credit; the branch's own position is asked for once", async () => {
    standIn.behave('normal');
    const before = await used(shop, 'DISTANCE');
    const near = await serviceable(shop, 'SW1A 2AA');
    expect(near.body).toMatchObject({ serviceable: true, distance: 0, message: null });
    const asked = standIn.requests.length;
    const far = await serviceable(shop, 'G46 8NG');
    expect(far.body).toMatchObject({ serviceable: false, message: ADDRESS_MESSAGES.notServiceable });
    expect(far.body.distance).toBeGreaterThan(340);
    expect(standIn.requests.length).toBe(asked + 1);
    expect(await used(shop, 'DISTANCE')).toBe(before + 2);
  });

  it('the service failing during the distance check: not serviceable with a clear message, no 5xx, the DISTANCE credit given back', async () => {
    standIn.behave('error503');
    const before = await used(shop, 'DISTANCE');
    const res = await serviceable(shop, 'NP26 3DG');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ serviceable: false, distance: null, message: ADDRESS_MESSAGES.distanceUnavailable });
    expect(await used(shop, 'DISTANCE')).toBe(before);
    standIn.behave('normal');
  });
});

describe('address provider configuration', () => {
  it('ADDRESS_PROVIDER names a known provider, and Ideal Postcodes needs its key', () => {
    expect(configProblems(loadConfig({}))).toEqual([]);
    expect(loadConfig({}).addressProvider).toBe('gazetteer');
    expect(configProblems(loadConfig({ ADDRESS_PROVIDER: 'ideal-postcodes' }))).toEqual(['IDEAL_POSTCODES_API_KEY must be set when ADDRESS_PROVIDER=ideal-postcodes.']);
    expect(configProblems(loadConfig({ ADDRESS_PROVIDER: 'ideal-postcodes', IDEAL_POSTCODES_API_KEY: 'k' }))).toEqual([]);
    expect(configProblems(loadConfig({ ADDRESS_PROVIDER: 'royal-mail' }))).toEqual(['ADDRESS_PROVIDER must be gazetteer or ideal-postcodes.']);
  });
});
