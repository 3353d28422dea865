import { and, eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataResetAudit, DataSyncRequest, TillSyncResponse } from '@tillpoint/contracts/data-sync';
import { credential, dataResetAudit, dataSyncRequest, department, merchantUserTillUser, tax, tillUser } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/harness';
import { ROLE, addBranch, addMerchant, addMerchantUser, addTillCredential } from '../../test/fixtures';
import { APP_MODULES } from '../../app-modules';
import { moduleRegistry } from '../../platform/module';
import { queryRows } from '../../db/rows';

/** What the app's modules say a reset deletes and keeps. */
const { resetTables: RESET_TABLES, keptOnReset: KEPT_ON_RESET } = moduleRegistry(APP_MODULES);

type ApiError = { type: string; details: string };

const UPLOAD = '/api/storemanagement/dataupload/';
const RESET = '/api/storemanagement/datareset/';
const REQUIRED = 'Please fill the required fields!';
const DRIVER = 7;

let t: TestApp;
let admin: string;
let adminId: number;
let owner: string;
let accountA: number;
let branchA: number;
let accountB: number;
let branchB: number;

beforeAll(async () => {
  t = await createTestApp();
  const s = await t.signIn('admin');
  admin = s.accessToken;
  adminId = s.userDTO.id;
  const o = await t.signIn('merchant');
  owner = o.accessToken;
  accountA = o.userDTO.merchantAccountId;
  branchA = o.userDTO.merchantBranchId;
  const other = await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' });
  accountB = other.merchantAccountId;
  branchB = other.merchantBranchId;
});
afterAll(() => t.close());

const upload = (body: unknown, token = admin) => t.json<DataSyncRequest & ApiError>('POST', `${UPLOAD}create`, body, token);
const reset = (body: unknown, token = admin) => t.json<DataResetAudit & ApiError>('POST', `${RESET}create`, body, token);
/** A till of the branch signed in with its credential; returns its sync call. */
async function till(scope: { merchantAccountId: number; merchantBranchId: number }, opts: { masterDevice?: boolean } = {}) {
  const cred = await addTillCredential(t.db, scope, opts);
  const auth = await t.json<{ accessToken: string }>('POST', '/api/till/auth', { clientId: cred.clientId, clientSecret: cred.clientSecret });
  expect(auth.status).toBe(200);
  return { id: cred.id, token: auth.body.accessToken, sync: () => t.json<TillSyncResponse & ApiError>('GET', '/api/till/sync', undefined, auth.body.accessToken) };
}
/** A branch of account A of its own, so each test sees only its own requests. */
let branchSeq = 0;
async function freshBranch() {
  const b = await addBranch(t.db, accountA, `sync-branch-${++branchSeq}`);
  return { merchantAccountId: accountA, merchantBranchId: b.id };
}

describe('data upload (sync requests)', () => {
  it('records a request for the branch with the ticked groups', async () => {
    const res = await upload({ merchantBranchId: branchA, tax: true, product: true, driver: true, transactions: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      merchantAccountId: accountA,
      merchantBranchId: branchA,
      groups: ['tax', 'product', 'driver'],
      requestedBy: adminId,
      deliveredDate: null,
      deliveredToCredentialId: null,
    });
    const list = await t.json<DataSyncRequest[]>('GET', `${UPLOAD}merchantBranchId/${branchA}`, undefined, admin);
    expect(list.body[0]).toEqual(res.body);
  });

  it('uploadEntity counts as its numbered group ticked (0 Tax … 10 Till Customer)', async () => {
    expect((await upload({ merchantBranchId: branchA, uploadEntity: 10 })).body.groups).toEqual(['tillCustomer']);
    expect((await upload({ merchantBranchId: branchA, uploadEntity: 0, supplier: true })).body.groups).toEqual(['tax', 'supplier']);
  });

  it("'Please fill the required fields!' without a branch or without a ticked group; nothing is recorded", async () => {
    const before = await t.db.$count(dataSyncRequest);
    for (const body of [{ tax: true }, { merchantBranchId: null, tax: true }, { merchantBranchId: branchA }, { merchantBranchId: branchA, transactions: true, definitions: true }]) {
      expect(await upload(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { type: 'WARNING', details: REQUIRED } });
    }
    expect(await t.db.$count(dataSyncRequest)).toBe(before);
  });

  it('an unknown branch is a 404; merchant users and strangers may not ask', async () => {
    expect((await upload({ merchantBranchId: 999_999, tax: true })).status).toBe(404);
    expect((await upload({ merchantBranchId: branchA, tax: true }, owner)).status).toBe(403);
    expect((await t.json('POST', `${UPLOAD}create`, { merchantBranchId: branchA, tax: true })).status).toBe(401);
    expect((await t.json('GET', `${UPLOAD}merchantBranchId/${branchA}`, undefined, owner)).status).toBe(403);
  });
});

describe('till sync', () => {
  it("a till fetches its branch's pending requests once, with the data of each group, and they are marked delivered", async () => {
    const scope = await freshBranch();
    const [standard] = await t.db
      .insert(tax)
      .values([
        { ...scope, name: 'Standard', rateBp: 2000 },
        { ...scope, name: 'Luxury', rateBp: 1750 },
      ])
      .returning();
    await t.db.insert(department).values({ ...scope, name: 'Drinks', taxId: standard.id, ageRestricted: true });
    const driver = await addMerchantUser(t.db, { ...scope, userName: `driver-${scope.merchantBranchId}`, password: 'Drive1234', roleIds: [ROLE.accountUser, DRIVER] });
    const r1 = (await upload({ merchantBranchId: scope.merchantBranchId, tax: true, department: true })).body;
    const r2 = (await upload({ merchantBranchId: scope.merchantBranchId, driver: true })).body;
    const tillA = await till(scope);

    const first = await tillA.sync();
    expect(first.status).toBe(200);
    expect(first.body.merchantBranchId).toBe(scope.merchantBranchId);
    expect(first.body.requests).toEqual([
      { id: r1.id, groups: ['tax', 'department'], requestedDate: r1.requestedDate },
      { id: r2.id, groups: ['driver'], requestedDate: r2.requestedDate },
    ]);
    expect(first.body.data.tax?.map((x) => [x.name, x.rate]).sort()).toEqual([
      ['Luxury', 17.5],
      ['Standard', 20],
    ]);
    expect(first.body.data.driver).toEqual([{ id: driver.id, fullName: `${driver.firstName} Tester` }]);
    // Departments come from the catalogue module, with their tax.
    expect(first.body.data.department).toEqual([expect.objectContaining({ name: 'Drinks', tax: standard.id, taxRate: 20, ageRestricted: true })]);
    expect(first.body.notAvailable).toEqual([]);
    expect(first.body.data).not.toHaveProperty('product');

    const second = await tillA.sync();
    expect(second.body).toEqual({ merchantBranchId: scope.merchantBranchId, requests: [], data: {}, notAvailable: [] });

    const list = await t.json<DataSyncRequest[]>('GET', `${UPLOAD}merchantBranchId/${scope.merchantBranchId}`, undefined, admin);
    expect(list.body.map((r) => [r.id, r.deliveredToCredentialId])).toEqual([
      [r2.id, tillA.id],
      [r1.id, tillA.id],
    ]);
    expect(list.body.every((r) => r.deliveredDate !== null)).toBe(true);
  });

  it("a till never receives another branch's or another tenant's requests", async () => {
    const scope = await freshBranch();
    const mine = await till(scope);
    const other = await till({ merchantAccountId: accountB, merchantBranchId: branchB });
    const req = (await upload({ merchantBranchId: scope.merchantBranchId, tax: true })).body;
    expect((await other.sync()).body.requests).toEqual([]);
    expect((await mine.sync()).body.requests.map((r) => r.id)).toEqual([req.id]);
  });

  it('two tills asking at the same moment never both take a request', async () => {
    const scope = await freshBranch();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await upload({ merchantBranchId: scope.merchantBranchId, tax: true })).body.id);
    const [a, b] = [await till(scope), await till(scope)];
    const [ra, rb] = await Promise.all([a.sync(), b.sync()]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const taken = [...ra.body.requests, ...rb.body.requests].map((r) => r.id).sort((x, y) => x - y);
    expect(taken).toEqual(ids);
  });

  it("with a master till in the shop, only the master takes the branch's requests", async () => {
    const scope = await freshBranch();
    const plain = await till(scope);
    const master = await till(scope, { masterDevice: true });
    const req = (await upload({ merchantBranchId: scope.merchantBranchId, tax: true })).body;
    expect((await plain.sync()).body.requests).toEqual([]);
    expect((await t.db.select().from(dataSyncRequest).where(eq(dataSyncRequest.id, req.id)))[0].deliveredDate).toBeNull();
    expect((await master.sync()).body.requests.map((r) => r.id)).toEqual([req.id]);
  });

  it('a locked credential cannot sync even with a token still in hand; staff tokens are refused', async () => {
    const scope = await freshBranch();
    const tl = await till(scope);
    await t.db.update(credential).set({ locked: true }).where(eq(credential.id, tl.id));
    await upload({ merchantBranchId: scope.merchantBranchId, tax: true });
    expect(await tl.sync()).toMatchObject({ status: 401, body: { details: 'This credential is locked.' } });
    expect(await t.db.$count(dataSyncRequest, and(eq(dataSyncRequest.merchantBranchId, scope.merchantBranchId), sql`${dataSyncRequest.deliveredDate} is null`))).toBe(1);
    expect((await t.json('GET', '/api/till/sync', undefined, admin)).status).toBe(403);
    expect((await t.json('GET', '/api/till/sync', undefined, owner)).status).toBe(403);
    expect((await t.json('GET', '/api/till/sync')).status).toBe(401);
  });
});

describe('data reset', () => {
  /** A branch with taxes and a till user linked to a merchant user. */
  async function stockedBranch() {
    const scope = await freshBranch();
    await t.db.insert(tax).values([
      { ...scope, name: 'A', rateBp: 2000 },
      { ...scope, name: 'B', rateBp: 500 },
    ]);
    const [tu] = await t.db.insert(tillUser).values({ ...scope, name: 'Operator' }).returning();
    const u = await addMerchantUser(t.db, { ...scope, userName: `staff-${scope.merchantBranchId}`, password: 'Staff1234', roleIds: [ROLE.accountUser] });
    await t.db.insert(merchantUserTillUser).values({ merchantAccountId: accountA, userId: u.id, merchantBranchId: scope.merchantBranchId, tillUserId: tu.id });
    return scope;
  }
  const taxesOf = (branchId: number) => t.db.$count(tax, eq(tax.merchantBranchId, branchId));

  it("deletes the branch's definitions, not another branch's or tenant's, and writes who reset what and when", async () => {
    const scope = await stockedBranch();
    const otherBranchTaxes = await taxesOf(branchA);
    const otherTenantTaxes = await t.db.$count(tax, eq(tax.merchantAccountId, accountB));
    await t.db.insert(tax).values({ merchantAccountId: accountB, merchantBranchId: branchB, name: 'Theirs', rateBp: 2000 });

    const res = await reset({ merchantBranchId: scope.merchantBranchId, transactions: true, definitions: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      merchantAccountId: accountA,
      merchantBranchId: scope.merchantBranchId,
      transactions: true,
      definitions: true,
      resetBy: adminId,
      summary: { tax: 2, till_user: 1, merchant_user_till_user: 1 },
    });
    expect(Date.now() - Date.parse(res.body.resetDate)).toBeLessThan(60_000);
    expect(await taxesOf(scope.merchantBranchId)).toBe(0);
    expect(await t.db.$count(tillUser, eq(tillUser.merchantBranchId, scope.merchantBranchId))).toBe(0);
    expect(await taxesOf(branchA)).toBe(otherBranchTaxes);
    expect(await t.db.$count(tax, eq(tax.merchantAccountId, accountB))).toBe(otherTenantTaxes + 1);

    const audits = await t.json<DataResetAudit[]>('GET', `${RESET}merchantBranchId/${scope.merchantBranchId}`, undefined, admin);
    expect(audits.body).toEqual([res.body]);
  });

  it("'Please fill the required fields!' unless both transactions and definitions are ticked, or without a branch", async () => {
    const scope = await stockedBranch();
    const audits = await t.db.$count(dataResetAudit);
    for (const body of [
      { merchantBranchId: scope.merchantBranchId, transactions: true },
      { merchantBranchId: scope.merchantBranchId, definitions: true },
      { merchantBranchId: scope.merchantBranchId, tax: true },
      { transactions: true, definitions: true },
    ]) {
      expect(await reset(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { type: 'WARNING', details: REQUIRED } });
    }
    expect(await taxesOf(scope.merchantBranchId)).toBe(2);
    expect(await t.db.$count(dataResetAudit)).toBe(audits);
  });

  it('a failure halfway leaves every row where it was and writes no audit', async () => {
    const scope = await stockedBranch();
    const audits = await t.db.$count(dataResetAudit);
    // Till users are deleted after taxes: refusing that delete fails the reset midway.
    await t.db.execute(sql`create or replace function w4_refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await t.db.execute(sql`create trigger w4_refuse_delete before delete on till_user for each row execute function w4_refuse_delete()`);
    try {
      const res = await reset({ merchantBranchId: scope.merchantBranchId, transactions: true, definitions: true });
      expect(res.status).toBe(500);
      expect(res.body.details).not.toMatch(/refused|till_user/);
    } finally {
      await t.db.execute(sql`drop trigger w4_refuse_delete on till_user`);
    }
    expect(await taxesOf(scope.merchantBranchId)).toBe(2);
    expect(await t.db.$count(merchantUserTillUser, eq(merchantUserTillUser.merchantBranchId, scope.merchantBranchId))).toBe(1);
    expect(await t.db.$count(dataResetAudit)).toBe(audits);
  });

  it('an unknown branch is a 404; merchant users and strangers may not reset', async () => {
    const scope = await stockedBranch();
    const body = { merchantBranchId: scope.merchantBranchId, transactions: true, definitions: true };
    expect((await reset({ ...body, merchantBranchId: 999_999 })).status).toBe(404);
    expect((await reset(body, owner)).status).toBe(403);
    expect((await t.json('POST', `${RESET}create`, body)).status).toBe(401);
    expect(await taxesOf(scope.merchantBranchId)).toBe(2);
  });

  it('every branch-owned table is either reset or kept on purpose', async () => {
    const result = await queryRows<{ name: string }>(
      t.db,
      sql`select table_name as name from information_schema.columns
      where table_schema = current_schema() and column_name = 'merchant_branch_id'
      and table_name in (select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'merchant_account_id')`,
    );
    const branchOwned = result.map((r) => r.name).sort();
    const resetNames: string[] = [...RESET_TABLES.transactions, ...RESET_TABLES.definitions].map((table) => getTableName(table));
    expect(branchOwned.filter((n) => !resetNames.includes(n) && !(n in KEPT_ON_RESET))).toEqual([]);
  });
});
