import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Credit } from '@tillpoint/contracts/credit';
import { credit } from '../../db/schema';
import { type ApiError, MAX_TEXT, REQUIRED, expectAdminOnly } from '../../test/admin-only';
import { addBranch, signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';

const K = '/api/merchant/credit/';

let t: TestApp;
const tok = { admin: '', merchant: '' };
let demoBranch: number;
let branch: number;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await signInDemo(t);
  ({ admin: tok.admin, merchant: tok.merchant, demoBranch } = demo);
  branch = (await addBranch(t.db, demo.demoAccount, 'credit-lab')).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(credit);
});

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token: string | null = tok.admin) =>
  t.json<T>(method, url, body, token ?? undefined);
const create = async (over: object = {}, merchantBranchId = branch) => {
  const res = await api<Credit>('POST', `${K}create`, { merchantBranchId, creditValue: 1000, creditType: 'ADDRESS', ...over });
  expect(res.status).toBe(200);
  return res.body;
};
const rows = () => t.db.select().from(credit).orderBy(asc(credit.id));

describe('credits', () => {
  it('creates a credit: ACTIVE, nothing used yet', async () => {
    const res = await api<Credit>('POST', `${K}create`, { merchantBranchId: branch, creditValue: 2500, creditType: 'DISTANCE', description: 'Spring top-up', creditUsed: 99 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      merchantBranchId: branch,
      creditValue: 2500,
      creditUsed: 0,
      creditType: 'DISTANCE',
      description: 'Spring top-up',
      status: 'ACTIVE',
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    });
    expect((await api<Credit>('GET', `${K}${res.body.id}`)).body).toEqual(res.body);
  });

  it('GET merchantBranchId/{id} lists only that branch’s credits', async () => {
    const a = await create();
    await create({}, demoBranch);
    const list = await api<Credit[]>('GET', `${K}merchantBranchId/${branch}`);
    expect(list).toMatchObject({ status: 200, body: [{ id: a.id }] });
    expect(list.body).toHaveLength(1);
  });

  it('update saves type, description and status; the value stays as first saved', async () => {
    const c = await create();
    const same = await api<Credit>('PUT', `${K}update`, { id: c.id, creditValue: 1000, creditType: 'DISTANCE', description: 'Now distance', status: 'PASSIVE' });
    expect(same).toMatchObject({ status: 200, body: { creditValue: 1000, creditType: 'DISTANCE', description: 'Now distance', status: 'PASSIVE' } });
    const without = await api<Credit>('PUT', `${K}update`, { id: c.id, creditType: 'ADDRESS' });
    expect(without).toMatchObject({ status: 200, body: { creditValue: 1000, creditType: 'ADDRESS' } });
    const before = await rows();
    const changed = await api<ApiError>('PUT', `${K}update`, { id: c.id, creditValue: 2000, creditType: 'ADDRESS' });
    expect(changed).toMatchObject({ status: 409, body: { type: 'ERROR', details: 'The credit value cannot be changed once the credit is saved.' } });
    expect(await rows()).toEqual(before);
  });

  it('creditUsed belongs to the server: an update does not write it', async () => {
    const c = await create();
    await t.db.update(credit).set({ creditUsed: 300 }).where(eq(credit.id, c.id));
    const res = await api<Credit>('PUT', `${K}update`, { id: c.id, creditType: 'ADDRESS', creditUsed: 0 });
    expect(res.body.creditUsed).toBe(300);
  });

  it('totals: over ACTIVE credits, the total value and the total minus what was used', async () => {
    const a = await create({ creditValue: 1000 });
    await create({ creditValue: 500, creditType: 'DISTANCE' });
    const passive = await create({ creditValue: 10_000 });
    await api('PUT', `${K}${passive.id}/status/PASSIVE`);
    await create({ creditValue: 700 }, demoBranch);
    await t.db.update(credit).set({ creditUsed: 250 }).where(eq(credit.id, a.id));
    const totals = await api('GET', `${K}totals/merchantBranchId/${branch}`);
    expect(totals).toMatchObject({ status: 200, body: { totalCredit: 1500, remainingCredit: 1250 } });
    expect((await api('GET', `${K}totals/merchantBranchId/${demoBranch}`)).body).toEqual({ totalCredit: 700, remainingCredit: 700 });
  });

  it('PUT {id}/status/{status} switches the status', async () => {
    const c = await create();
    expect((await api<Credit>('PUT', `${K}${c.id}/status/PASSIVE`)).body).toMatchObject({ id: c.id, status: 'PASSIVE', creditValue: 1000 });
  });

  it('DELETE removes an unused credit; a used one is refused with 409 and stays', async () => {
    const unused = await create();
    expect(await api('DELETE', `${K}${unused.id}`)).toMatchObject({ status: 200, body: { id: unused.id } });
    const used = await create();
    await t.db.update(credit).set({ creditUsed: 100 }).where(eq(credit.id, used.id));
    const res = await api<ApiError>('DELETE', `${K}${used.id}`);
    expect(res).toMatchObject({ status: 409, body: { details: 'This credit has been used and cannot be deleted. Make it PASSIVE instead.' } });
    expect((await rows()).map((r) => r.id)).toEqual([used.id]);
  });

  it('an unknown branch or credit id is a 404', async () => {
    for (const [method, url, body] of [
      ['POST', `${K}create`, { merchantBranchId: 999999, creditValue: 100, creditType: 'ADDRESS' }],
      ['GET', `${K}999999`],
      ['PUT', `${K}update`, { id: 999999, creditType: 'ADDRESS' }],
      ['DELETE', `${K}999999`],
      ['PUT', `${K}999999/status/PASSIVE`],
      ['GET', `${K}merchantBranchId/999999`],
      ['GET', `${K}totals/merchantBranchId/999999`],
    ] as const) {
      const res = await api<ApiError>(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Error' });
    }
    expect(await rows()).toEqual([]);
  });
});

describe('credits: validation (spec 1 §5)', () => {
  const refusals: [string, object, string, string][] = [
    ['no creditValue', { creditValue: undefined }, 'creditValue', REQUIRED],
    ['a creditValue as text', { creditValue: '500' }, 'creditValue', REQUIRED],
    ['no creditType', { creditType: undefined }, 'creditType', REQUIRED],
    ['an unknown creditType', { creditType: 'SMS' }, 'creditType', REQUIRED],
    ['a value under 100', { creditValue: 99 }, 'creditValue', 'Credit Must be Minimum 100'],
    ['a value of 0', { creditValue: 0 }, 'creditValue', 'Credit Must be Minimum 100'],
    ['a value not a multiple of 100', { creditValue: 150 }, 'creditValue', 'Credit Must be a multiple of 100'],
    ['a value with decimals', { creditValue: 100.5 }, 'creditValue', 'Credit Must be a multiple of 100'],
    ['a value over 1,000,000', { creditValue: 1_000_100 }, 'creditValue', 'Credit Must be at most 1,000,000'],
    ['a description over 255', { description: 'x'.repeat(256) }, 'description', MAX_TEXT],
  ];
  it.each(refusals)('create refuses %s, changing nothing', async (_what, over, field, message) => {
    const before = await rows();
    const res = await api<ApiError>('POST', `${K}create`, { merchantBranchId: branch, creditValue: 1000, creditType: 'ADDRESS', ...over });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'WARNING', details: message });
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await rows()).toEqual(before);
  });

  it('accepts 100 and 1,000,000', async () => {
    expect((await create({ creditValue: 100 })).creditValue).toBe(100);
    expect((await create({ creditValue: 1_000_000 })).creditValue).toBe(1_000_000);
  });

  it('update refuses a missing creditType and a bad value with the spec messages', async () => {
    const c = await create();
    const before = await rows();
    expect(await api('PUT', `${K}update`, { id: c.id })).toMatchObject({ status: 400, body: { details: REQUIRED } });
    expect(await api('PUT', `${K}update`, { id: c.id, creditType: 'ADDRESS', creditValue: 150 })).toMatchObject({
      status: 400,
      body: { details: 'Credit Must be a multiple of 100' },
    });
    expect(await rows()).toEqual(before);
  });
});

describe('administrators only', () => {
  it('every credit route refuses a merchant (403) and a caller without a token (401)', async () => {
    const c = await create();
    await expectAdminOnly(t, tok.merchant, [
      ['POST', `${K}create`, { merchantBranchId: branch, creditValue: 100, creditType: 'ADDRESS' }],
      ['PUT', `${K}update`, { id: c.id, creditType: 'DISTANCE' }],
      ['GET', `${K}${c.id}`],
      ['GET', `${K}merchantBranchId/${branch}`],
      ['DELETE', `${K}${c.id}`],
      ['PUT', `${K}${c.id}/status/PASSIVE`],
      ['GET', `${K}totals/merchantBranchId/${branch}`],
    ]);
    expect(await rows()).toMatchObject([{ id: c.id, status: 'ACTIVE', creditType: 'ADDRESS' }]);
  });
});
