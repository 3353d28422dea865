import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credential, merchantBranch } from '../db/schema';
import { addTillCredential, signInDemo } from '../test/fixtures';
import { type TestApp, createTestApp } from '../test/harness';

/**
 * Issue 13 item 7: a till token kept working on PUT till/tillusers after its credential was locked
 * or made PASSIVE. A till token now works only while its credential is ACTIVE and unlocked and its
 * store is ACTIVE, changed through the admin's own calls (which this instance sees at once).
 */
let t: TestApp;
let admin = '';
let scope: { merchantAccountId: number; merchantBranchId: number };
const C = '/api/merchant/credentials/';

beforeAll(async () => {
  t = await createTestApp();
  const demo = await signInDemo(t);
  admin = demo.admin;
  scope = { merchantAccountId: demo.demoAccount, merchantBranchId: demo.demoBranch };
});
afterAll(() => t.close());

async function tillToken() {
  const cred = await addTillCredential(t.db, scope);
  const res = await t.json<{ accessToken: string }>('POST', '/api/till/auth', { clientId: cred.clientId, clientSecret: cred.clientSecret });
  expect(res.status).toBe(200);
  return { id: cred.id, token: res.body.accessToken };
}
const pushNames = (token: string) => t.json('PUT', '/api/till/tillusers', { names: ['Alice'] }, token);
const sync = (token: string) => t.json('GET', '/api/till/sync', undefined, token);
/** The till hears why, in the words of its own sign-in. */
const LOCKED = { type: 'ERROR', details: 'This credential is locked.' };
const PASSIVE = { type: 'ERROR', details: 'This credential is not active.' };

describe('till tokens end with their credential', () => {
  it('locked through the admin update: the till token is refused on till/tillusers and till/sync', async () => {
    const till = await tillToken();
    expect((await pushNames(till.token)).status).toBe(200);
    const [row] = await t.db.select().from(credential).where(and(eq(credential.merchantAccountId, scope.merchantAccountId), eq(credential.id, till.id)));
    const locked = await t.json('PUT', `${C}update`, { id: till.id, merchantBranchId: row.merchantBranchId, locked: true, status: 'ACTIVE', masterDevice: false, orderDevice: false }, admin);
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(await pushNames(till.token)).toMatchObject({ status: 401, body: LOCKED });
    expect(await sync(till.token)).toMatchObject({ status: 401, body: LOCKED });
  });

  it('made PASSIVE, or deleted: refused at once', async () => {
    const passive = await tillToken();
    expect((await t.json('PUT', `${C}${passive.id}/status/PASSIVE`, undefined, admin)).status).toBe(200);
    expect(await pushNames(passive.token)).toMatchObject({ status: 401, body: PASSIVE });
    const deleted = await tillToken();
    expect((await t.json('DELETE', `${C}${deleted.id}`, undefined, admin)).status).toBe(200);
    expect(await pushNames(deleted.token)).toMatchObject({ status: 401, body: { details: 'Client id or client secret is incorrect.' } });
  });

  it('its store made PASSIVE: refused; ACTIVE again: the same token works again while it lasts', async () => {
    const till = await tillToken();
    const branch = and(eq(merchantBranch.merchantAccountId, scope.merchantAccountId), eq(merchantBranch.id, scope.merchantBranchId));
    await t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(branch);
    try {
      expect(await pushNames(till.token)).toMatchObject({ status: 401, body: { details: 'This store is not active.' } });
    } finally {
      await t.db.update(merchantBranch).set({ status: 'ACTIVE' }).where(branch);
    }
    expect((await pushNames(till.token)).status).toBe(200);
  });
});
