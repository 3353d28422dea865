import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, ADDRESS_PATHS, type AddressLookupResult, type Serviceability } from '@tillpoint/contracts/address-lookup';
import { branchSettings, credit, merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant, signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';

type ApiError = { type: string; details: string };
let t: TestApp;
let demo: Scope;
let shop: Scope;

beforeAll(async () => {
  t = await createTestApp();
  const d = await signInDemo(t);
  demo = { merchantAccountId: d.demoAccount, merchantBranchId: d.demoBranch };
  const m = await addMerchant(t.db, { domainName: 'postcode-shop', userName: 'pshop', password: 'Pshop1234' });
  shop = { merchantAccountId: m.merchantAccountId, merchantBranchId: m.merchantBranchId };
  await t.db.update(merchantBranch).set({ postCode: 'sw1a 1aa' }).where(eq(merchantBranch.id, shop.merchantBranchId));
});
afterAll(() => t.close());

const used = async (s: Scope, type: string) =>
  (await t.db.select({ u: credit.creditUsed }).from(credit).where(and(eq(credit.merchantBranchId, s.merchantBranchId), eq(credit.creditType, type)))).reduce((n, r) => n + r.u, 0);
const lookup = (s: Scope, postcode: string) => t.json<AddressLookupResult[] & ApiError>('GET', `/api/${ADDRESS_PATHS.lookup(s.merchantBranchId, postcode)}`);
const serviceable = (s: Scope, postcode: string) => t.json<Serviceability & ApiError>('GET', `/api/${ADDRESS_PATHS.serviceable(s.merchantBranchId, postcode)}`);

describe('postcode address lookup', () => {
  it('finds the addresses of a postcode however it is typed, for one ADDRESS credit', async () => {
    const before = await used(demo, 'ADDRESS');
    const res = await lookup(demo, 'sw1a2aa');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { postCode: 'SW1A 2AA', addressLines: ['10 Downing Street', '', '', ''], postTown: 'London', displayString: '10 Downing Street, London, SW1A 2AA' },
      { postCode: 'SW1A 2AA', addressLines: ['11 Downing Street', '', '', ''], postTown: 'London', displayString: '11 Downing Street, London, SW1A 2AA' },
    ]);
    expect(await used(demo, 'ADDRESS')).toBe(before + 1);
  });

  it('too short or not a postcode: 400 and no credit spent; none found: the INFO notice', async () => {
    const before = await used(demo, 'ADDRESS');
    const short = await lookup(demo, 'SW1A');
    expect(short.status).toBe(400);
    expect(short.body.details).toBe(ADDRESS_MESSAGES.tooShort);
    expect((await lookup(demo, 'ABCDEFG')).body.details).toBe(ADDRESS_MESSAGES.invalid);
    expect(await used(demo, 'ADDRESS')).toBe(before);
    const none = await lookup(demo, 'M1 1AE');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ type: 'INFO', details: 'No Available Address' });
    expect(await used(demo, 'ADDRESS')).toBe(before + 1);
  });

  it('no credit left: an INFO notice (the customer types the address), never a 5xx; an unknown branch is 404', async () => {
    expect((await lookup(shop, 'SW1A 2AA')).body).toEqual({ type: 'INFO', details: ADDRESS_MESSAGES.noCredit });
    await t.db.insert(credit).values({ ...shop, creditType: 'ADDRESS', creditValue: 100, creditUsed: 99 });
    expect((await lookup(shop, 'SW1A 2AA')).body).toHaveLength(2);
    expect((await lookup(shop, 'SW1A 2AA')).body).toEqual({ type: 'INFO', details: ADDRESS_MESSAGES.noCredit });
    expect(await used(shop, 'ADDRESS')).toBe(100);
    expect((await lookup({ ...shop, merchantBranchId: 999999 }, 'SW1A 2AA')).status).toBe(404);
  });
});

describe('serviceability', () => {
  it('a branch with no areas and no distance delivers anywhere', async () => {
    expect((await serviceable(shop, 'E14 5AB')).body).toMatchObject({ postCode: 'E14 5AB', serviceable: true });
  });

  it('serviceable areas answer without spending a credit', async () => {
    await t.db.insert(branchSettings).values({ ...shop, serviceableAreas: 'SW1, N1' });
    expect((await serviceable(shop, 'sw1e5jl')).body).toMatchObject({ serviceable: true, distance: null, message: null });
    const out = await serviceable(shop, 'E14 5AB');
    expect(out.body).toMatchObject({ serviceable: false, message: ADDRESS_MESSAGES.notServiceable });
    expect(await used(shop, 'DISTANCE')).toBe(0);
  });

  it('otherwise the distance from the branch postcode decides, for one DISTANCE credit; none left: not serviceable, no 5xx', async () => {
    await t.db.update(branchSettings).set({ distanceHundredthsMiles: 100 }).where(eq(branchSettings.merchantBranchId, shop.merchantBranchId));
    const noCredit = await serviceable(shop, 'SE1 7PB');
    expect(noCredit.status).toBe(200);
    expect(noCredit.body.serviceable).toBe(false);
    await t.db.insert(credit).values({ ...shop, creditType: 'DISTANCE', creditValue: 100 });
    const near = await serviceable(shop, 'SE1 7PB');
    expect(near.body.serviceable).toBe(true);
    expect(near.body.distance).toBeGreaterThan(0.8);
    expect(near.body.distance).toBeLessThan(1);
    const far = await serviceable(shop, 'E14 5AB');
    expect(far.body).toMatchObject({ serviceable: false, message: ADDRESS_MESSAGES.notServiceable });
    expect(far.body.distance).toBeGreaterThan(5);
    expect(await used(shop, 'DISTANCE')).toBe(2);
    expect((await serviceable(shop, 'NOT A CODE')).status).toBe(400);
  });
});
