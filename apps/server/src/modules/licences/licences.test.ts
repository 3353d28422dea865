import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Licence, LicenceReportRow } from '@tillpoint/contracts/licence';
import { licence, merchantAccount, merchantBranch } from '../../db/schema';
import { type ApiError, MAX_TEXT, REQUIRED, TABLE, expectAdminOnly } from '../../test/admin-only';
import { addBranch, addMerchant, signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp, engine } from '../../test/harness';

type Page<T> = { data: T[]; totalCount: number };
const L = '/api/merchant/license/';
const DAYS_RANGE = 'Valid Days must be between 0 and 100.';
const NONE = { hasWebOrderLicense: false, hasWebMenuLicense: false, hasTableOrderLicense: false };
const ALL = { hasWebOrderLicense: true, hasWebMenuLicense: true, hasTableOrderLicense: true };

let t: TestApp;
const tok = { admin: '', merchant: '' };
let demoAccount: number;
let demoBranch: number;
/** A branch of the demo account, its licences emptied before each test. */
let branch: number;
let otherBranch: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin: tok.admin, merchant: tok.merchant, demoAccount, demoBranch } = await signInDemo(t));
  branch = (await addBranch(t.db, demoAccount, 'licence-lab')).id;
  otherBranch = (await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' })).merchantBranchId;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(licence).where(eq(licence.merchantBranchId, branch));
});

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token: string | null = tok.admin) =>
  t.json<T>(method, url, body, token ?? undefined);
const DEMO = { serviceName: 'WEB_MENU', licenseStatus: 'DEMO', actionReason: 'SERVICE_REGISTERED', validDays: 12 };
const create = (body: object) => api<Licence>('POST', `${L}create`, { merchantBranchId: branch, ...body });
const snapshot = () => t.db.select().from(licence).orderBy(asc(licence.merchantAccountId), asc(licence.id));
const ageLicence = (id: number, days: number) =>
  t.db.execute(sql`update licence set created_date = now() - make_interval(days => ${days}) where id = ${id}`);

describe('licences: the generic calls', () => {
  it('creates a DEMO licence with its days and the remaining days the server counts', async () => {
    const res = await create({ ...DEMO, actionReasonDescription: 'Trial for the summer' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      merchantBranchId: branch,
      serviceName: 'WEB_MENU',
      licenseStatus: 'DEMO',
      actionReason: 'SERVICE_REGISTERED',
      actionReasonDescription: 'Trial for the summer',
      validDays: 12,
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
      remainingDaysText: '12 days',
    });
    const [row] = await t.db.select().from(licence).where(eq(licence.id, res.body.id));
    expect(row).toMatchObject({ merchantAccountId: demoAccount, merchantBranchId: branch, validDays: 12 });
  });

  it('any status other than DEMO clears validDays, on create and on update', async () => {
    const active = await create({ ...DEMO, licenseStatus: 'ACTIVE', actionReason: 'PAYMENT_COMPLETED', validDays: 30 });
    expect(active.body).toMatchObject({ licenseStatus: 'ACTIVE', validDays: null, remainingDaysText: '' });
    const demo = await create({ ...DEMO, serviceName: 'WEB_ORDER' });
    const updated = await api<Licence>('PUT', `${L}update`, { id: demo.body.id, ...DEMO, serviceName: 'WEB_ORDER', licenseStatus: 'PASSIVE', actionReason: 'NOT_PAID' });
    expect(updated).toMatchObject({ status: 200, body: { licenseStatus: 'PASSIVE', actionReason: 'NOT_PAID', validDays: null, remainingDaysText: '' } });
    const [row] = await t.db.select().from(licence).where(eq(licence.id, demo.body.id));
    expect(row.validDays).toBeNull();
  });

  it("remaining days count from the created date; past them the licence reads 'Expired'", async () => {
    const demo = await create(DEMO);
    await ageLicence(demo.body.id, 2);
    expect((await api<Licence>('GET', `${L}${demo.body.id}`)).body.remainingDaysText).toBe('10 days');
    await ageLicence(demo.body.id, 12);
    expect((await api<Licence>('GET', `${L}${demo.body.id}`)).body.remainingDaysText).toBe('Expired');
  });

  it('GET merchantBranchId/{id} lists a branch’s licences; GET {id} reads one; DELETE {id} removes it', async () => {
    const one = await create(DEMO);
    const two = await create({ ...DEMO, serviceName: 'TABLE_ORDER' });
    const list = await api<Licence[]>('GET', `${L}merchantBranchId/${branch}`);
    expect(list.status).toBe(200);
    expect(list.body.map((l) => l.id)).toEqual([one.body.id, two.body.id]);
    expect((await api<Licence[]>('GET', `${L}merchantBranchId/${demoBranch}`)).body).toHaveLength(4);
    expect((await api<Licence>('GET', `${L}${two.body.id}`)).body).toEqual(two.body);
    const removed = await api<Licence>('DELETE', `${L}${two.body.id}`);
    expect(removed).toMatchObject({ status: 200, body: { id: two.body.id } });
    expect((await api<Licence[]>('GET', `${L}merchantBranchId/${branch}`)).body.map((l) => l.id)).toEqual([one.body.id]);
  });

  it('a branch holds one licence per service: a second is a 409, also when an update would make one', async () => {
    const menu = await create(DEMO);
    const order = await create({ ...DEMO, serviceName: 'WEB_ORDER' });
    const before = await snapshot();
    const again = await create({ ...DEMO, licenseStatus: 'ACTIVE', actionReason: 'PAYMENT_COMPLETED' });
    expect(again).toMatchObject({ status: 409, body: { type: 'ERROR', details: 'This branch already has a licence for this service.' } });
    const clash = await api('PUT', `${L}update`, { id: order.body.id, ...DEMO });
    expect(clash).toMatchObject({ status: 409, body: { details: 'This branch already has a licence for this service.' } });
    expect(await snapshot()).toEqual(before);
    // Saving a licence under its own service is no clash; another branch may hold the same service.
    expect((await api('PUT', `${L}update`, { id: menu.body.id, ...DEMO, validDays: 20 })).status).toBe(200);
    expect((await api('POST', `${L}create`, { merchantBranchId: otherBranch, ...DEMO })).status).toBe(200);
  });

  it('an unknown branch or licence id is a 404, and nothing changes', async () => {
    const before = await snapshot();
    for (const [method, url, body] of [
      ['POST', `${L}create`, { merchantBranchId: 999999, ...DEMO }],
      ['GET', `${L}999999`],
      ['PUT', `${L}update`, { id: 999999, ...DEMO }],
      ['DELETE', `${L}999999`],
      ['GET', `${L}merchantBranchId/999999`],
    ] as const) {
      const res = await api<ApiError>(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Error' });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('licences: validation (spec 1 §5)', () => {
  const refusals: [string, object, string, string][] = [
    ['no serviceName', { serviceName: undefined }, 'serviceName', REQUIRED],
    ['an unknown serviceName', { serviceName: 'POSTCODES' }, 'serviceName', REQUIRED],
    ['no licenseStatus', { licenseStatus: '' }, 'licenseStatus', REQUIRED],
    ['no actionReason', { actionReason: undefined }, 'actionReason', REQUIRED],
    ['DEMO without validDays', { validDays: undefined }, 'validDays', 'Please fill the Valid Days Field!'],
    ['DEMO with validDays null', { validDays: null }, 'validDays', 'Please fill the Valid Days Field!'],
    ['validDays 101', { validDays: 101 }, 'validDays', DAYS_RANGE],
    ['validDays -1', { validDays: -1 }, 'validDays', DAYS_RANGE],
    ['validDays 1.5', { validDays: 1.5 }, 'validDays', DAYS_RANGE],
    ['a description over 255', { actionReasonDescription: 'x'.repeat(256) }, 'actionReasonDescription', MAX_TEXT],
  ];
  it.each(refusals)('create and update refuse %s, changing nothing', async (_what, over, field, message) => {
    const existing = await create({ ...DEMO, serviceName: 'ORDER_DISPLAY' });
    const before = await snapshot();
    for (const [method, body] of [
      ['POST', { merchantBranchId: branch, ...DEMO, ...over }],
      ['PUT', { id: existing.body.id, ...DEMO, ...over }],
    ] as const) {
      const res = await api<ApiError>(method, `${L}${method === 'POST' ? 'create' : 'update'}`, body);
      expect(res.status, method).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING', details: message });
      expect(res.body.errors).toContainEqual({ field, message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts validDays 0 and 100', async () => {
    expect((await create({ ...DEMO, validDays: 0 })).body).toMatchObject({ validDays: 0, remainingDaysText: 'Expired' });
    expect((await create({ ...DEMO, serviceName: 'WEB_ORDER', validDays: 100 })).body).toMatchObject({ validDays: 100, remainingDaysText: '100 days' });
  });
});

describe('the licences page (PUT all)', () => {
  it('lists every branch’s licences with branch name and domain, 10 rows a page', async () => {
    await create({ ...DEMO, serviceName: 'TABLE_ORDER', licenseStatus: 'PASSIVE', actionReason: 'NOT_PAID' });
    const page = await api<Page<LicenceReportRow>>('PUT', `${L}all`, TABLE());
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe((await snapshot()).length);
    expect(page.body.data.length).toBeLessThanOrEqual(10);
    const mine = await api<Page<LicenceReportRow>>('PUT', `${L}all`, TABLE({ filter: [{ name: 'domainName', value: 'licence-lab', filterMatchMode: 'equals' }] }));
    expect(mine.body.data).toEqual([
      expect.objectContaining({ branchName: 'licence-lab', domainName: 'licence-lab', serviceName: 'TABLE_ORDER', licenseStatus: 'PASSIVE', actionReason: 'NOT_PAID' }),
    ]);
  });

  it('filters and sorts on the report columns: branch name, domain, service, status, reason', async () => {
    await create({ ...DEMO, serviceName: 'TABLE_ORDER', licenseStatus: 'PASSIVE', actionReason: 'NOT_PAID' });
    const ids = async (filter: object[], sort: object[] = []) =>
      (await api<Page<LicenceReportRow>>('PUT', `${L}all`, TABLE({ filter, sort, limit: 100 }))).body.data;
    expect((await ids([{ name: 'branchName', value: 'Demo' }])).every((r) => r.branchName === 'Demo Bistro')).toBe(true);
    expect((await ids([{ name: 'serviceName', value: 'TABLE_ORDER', filterMatchMode: 'equals' }])).map((r) => r.domainName).sort()).toEqual(['demo-bistro', 'licence-lab']);
    expect((await ids([{ name: 'licenseStatus', value: 'PASSIVE', filterMatchMode: 'equals' }])).map((r) => r.domainName)).toEqual(['licence-lab']);
    expect((await ids([{ name: 'actionReason', value: 'NOT_PAID', filterMatchMode: 'equals' }])).map((r) => r.serviceName)).toEqual(['TABLE_ORDER']);
    const byDomain = await ids([], [{ name: 'domainName', ascending: false }]);
    expect(byDomain[0].domainName).toBe('other-cafe');
    for (const name of ['branchName', 'serviceName', 'licenseStatus', 'actionReason']) {
      expect((await api('PUT', `${L}all`, TABLE({ sort: [{ name, ascending: true }] }))).status, name).toBe(200);
    }
    expect((await api<ApiError>('PUT', `${L}all`, TABLE({ sort: [{ name: 'clientSecret', ascending: true }] }))).status).toBe(400);
  });
});

describe('licence flags: the storefront (public) and the merchant sign-in check', () => {
  it('getLicenses needs no sign-in and reports the services a live store is licensed for', async () => {
    expect(await api('GET', `${L}getLicenses/${demoBranch}`, undefined, null)).toMatchObject({ status: 200, body: ALL });
    expect((await api('GET', `${L}getLicenses/${branch}`, undefined, null)).body).toEqual(NONE);
    await create({ ...DEMO, serviceName: 'WEB_MENU' });
    expect((await api('GET', `${L}getLicenses/${branch}`, undefined, null)).body).toEqual({ ...NONE, hasWebMenuLicense: true });
    expect((await api('GET', `${L}getLicenses/999999`, undefined, null)).body).toEqual(NONE);
  });

  it('a lapsed DEMO licence grants nothing, even before the expiry job has marked it', async () => {
    const demo = await create({ ...DEMO, serviceName: 'TABLE_ORDER', validDays: 3 });
    expect((await api<typeof ALL>('GET', `${L}getLicenses/${branch}`, undefined, null)).body.hasTableOrderLicense).toBe(true);
    await ageLicence(demo.body.id, 3);
    expect((await api<typeof ALL>('GET', `${L}getLicenses/${branch}`, undefined, null)).body.hasTableOrderLicense).toBe(false);
    expect((await t.db.select().from(licence).where(eq(licence.id, demo.body.id)))[0].licenseStatus).toBe('DEMO');
  });

  it('a PASSIVE store, or a store of a PASSIVE account, reads as licensed for nothing', async () => {
    await t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(eq(merchantBranch.id, branch));
    expect((await api('GET', `${L}getLicenses/${branch}`, undefined, null)).body).toEqual(NONE);
    await t.db.update(merchantBranch).set({ status: 'ACTIVE' }).where(eq(merchantBranch.id, branch));
    await t.db.update(merchantAccount).set({ status: 'PASSIVE' }).where(eq(merchantAccount.id, demoAccount));
    try {
      expect((await api('GET', `${L}getLicenses/${branch}`, undefined, null)).body).toEqual(NONE);
    } finally {
      await t.db.update(merchantAccount).set({ status: 'ACTIVE' }).where(eq(merchantAccount.id, demoAccount));
    }
  });

  it('check answers the signed-in merchant about its own branch only; nothing licensed is a 400', async () => {
    expect(await api('GET', `${L}check/${demoBranch}`, undefined, tok.merchant)).toMatchObject({ status: 200, body: ALL });
    expect((await api('GET', `${L}check/${branch}`, undefined, tok.merchant)).status).toBe(404);
    expect((await api('GET', `${L}check/${demoBranch}`, undefined, null)).status).toBe(401);
    expect((await api('GET', `${L}check/${demoBranch}`, undefined, tok.admin)).status).toBe(403);
    const saved = await t.db.select().from(licence).where(eq(licence.merchantBranchId, demoBranch));
    await t.db.update(licence).set({ licenseStatus: 'PASSIVE' }).where(eq(licence.merchantBranchId, demoBranch));
    try {
      const none = await api('GET', `${L}check/${demoBranch}`, undefined, tok.merchant);
      expect(none).toMatchObject({ status: 400, body: { type: 'WARNING', details: 'Your store has no active licence.' } });
    } finally {
      for (const l of saved) await t.db.update(licence).set({ licenseStatus: l.licenseStatus }).where(and(eq(licence.merchantAccountId, l.merchantAccountId), eq(licence.id, l.id)));
    }
  });
});

describe('the DEMO expiry job', () => {
  it('marks lapsed DEMO licences PASSIVE with action reason EXPIRED, and nothing else', async () => {
    const lapsed = await create({ ...DEMO, validDays: 5 });
    const running = await create({ ...DEMO, serviceName: 'WEB_ORDER', validDays: 30 });
    const active = await create({ ...DEMO, serviceName: 'TABLE_ORDER', licenseStatus: 'ACTIVE', actionReason: 'PAYMENT_COMPLETED' });
    await ageLicence(lapsed.body.id, 6);
    await ageLicence(running.body.id, 6);
    await ageLicence(active.body.id, 400);
    const demoBefore = await t.db.select().from(licence).where(eq(licence.merchantBranchId, demoBranch));

    expect(await t.runJob('licence-expiry')).toBe(1);
    const read = async (id: number) => (await api<Licence>('GET', `${L}${id}`)).body;
    expect(await read(lapsed.body.id)).toMatchObject({
      licenseStatus: 'PASSIVE',
      actionReason: 'EXPIRED',
      actionReasonDescription: 'The DEMO period of 5 days ended.',
      validDays: null,
      remainingDaysText: '',
    });
    expect(await read(running.body.id)).toMatchObject({ licenseStatus: 'DEMO', validDays: 30, remainingDaysText: '24 days' });
    expect(await read(active.body.id)).toMatchObject({ licenseStatus: 'ACTIVE', actionReason: 'PAYMENT_COMPLETED' });
    expect(await t.db.select().from(licence).where(eq(licence.merchantBranchId, demoBranch))).toEqual(demoBefore);
    // A second run finds nothing left to do.
    expect(await t.runJob('licence-expiry')).toBe(0);
  });

  it.skipIf(engine !== 'postgres')('skips a licence another instance holds, and marks it on a later run', async () => {
    const a = await create({ ...DEMO, validDays: 1 });
    const b = await create({ ...DEMO, serviceName: 'WEB_ORDER', validDays: 1 });
    await ageLicence(a.body.id, 2);
    await ageLicence(b.body.id, 2);
    await t.db.transaction(async (tx) => {
      await tx.select().from(licence).where(eq(licence.id, a.body.id)).for('update');
      // Another connection of the pool runs the job meanwhile.
      expect(await t.runJob('licence-expiry')).toBe(1);
    });
    expect((await t.db.select().from(licence).where(eq(licence.id, a.body.id)))[0].licenseStatus).toBe('DEMO');
    expect((await t.db.select().from(licence).where(eq(licence.id, b.body.id)))[0].licenseStatus).toBe('PASSIVE');
    expect(await t.runJob('licence-expiry')).toBe(1);
    expect((await t.db.select().from(licence).where(eq(licence.id, a.body.id)))[0].actionReason).toBe('EXPIRED');
  });
});

describe('administrators only', () => {
  it('every licence route but the two flag reads refuses a merchant (403) and a caller without a token (401)', async () => {
    const l = await create(DEMO);
    await expectAdminOnly(t, tok.merchant, [
      ['POST', `${L}create`, { merchantBranchId: branch, ...DEMO, serviceName: 'WEB_ORDER' }],
      ['PUT', `${L}update`, { id: l.body.id, ...DEMO }],
      ['GET', `${L}${l.body.id}`],
      ['GET', `${L}merchantBranchId/${branch}`],
      ['GET', `${L}all/${branch}`],
      ['DELETE', `${L}${l.body.id}`],
      ['PUT', `${L}all`, TABLE()],
    ]);
    expect((await api<Licence>('GET', `${L}${l.body.id}`)).body).toEqual(l.body);
  });
});
