import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Credential, CredentialCreated } from '@tillpoint/contracts/credential';
import type { TillConnection, TillToken } from '@tillpoint/contracts/till';
import { credential, merchantAccount, merchantBranch, tillConnection } from '../../db/schema';
import { sha256 } from '../../platform/random';
import { type ApiError, MAX_TEXT, TABLE, expectAdminOnly } from '../../test/admin-only';
import { addBranch, signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';

type Page<T> = { data: T[]; totalCount: number };
const C = '/api/merchant/credentials/';
const AUTH = '/api/till/auth';
const T = '/api/merchant/tillconnection/all';
const WRONG = 'Client id or client secret is incorrect.';

let t: TestApp;
const tok = { admin: '', merchant: '' };
let demoAccount: number;
let demoBranch: number;
let branch: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin: tok.admin, merchant: tok.merchant, demoAccount, demoBranch } = await signInDemo(t));
  branch = (await addBranch(t.db, demoAccount, 'till-lab')).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(credential);
  await t.db.update(merchantBranch).set({ status: 'ACTIVE' });
});

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token: string | null = tok.admin) =>
  t.json<T>(method, url, body, token ?? undefined);
const create = async (over: object = {}, merchantBranchId = branch) => {
  const res = await api<CredentialCreated>('POST', `${C}create`, { merchantBranchId, description: 'Front till', ...over });
  expect(res.status).toBe(200);
  return res.body;
};
const rows = () => t.db.select().from(credential).orderBy(asc(credential.id));
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe('credentials', () => {
  it('create makes the client id and a 256-bit secret on the server, shows the secret once and stores only its hash', async () => {
    const created = await api<CredentialCreated>('POST', `${C}create`, {
      merchantBranchId: branch,
      description: 'Kitchen tablet',
      masterDevice: true,
      orderDevice: true,
      clientId: 'chosen-by-client',
      clientSecret: 'chosen-by-client',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      merchantBranchId: branch,
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      clientSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      description: 'Kitchen tablet',
      masterDevice: true,
      orderDevice: true,
      locked: false,
      status: 'ACTIVE',
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    });
    expect(Buffer.from(created.body.clientSecret, 'base64url')).toHaveLength(32);
    const [row] = await rows();
    expect(row).toMatchObject({ merchantAccountId: demoAccount, clientId: created.body.clientId, clientSecretHash: sha256(created.body.clientSecret) });
    expect(JSON.stringify(row)).not.toContain(created.body.clientSecret);
    // Never shown again.
    const read = await api<Credential>('GET', `${C}${created.body.id}`);
    expect(read.body).not.toHaveProperty('clientSecret');
    const { clientSecret: _secret, ...record } = created.body;
    expect(read.body).toEqual(record);
    const list = await api<Credential[]>('GET', `${C}merchantBranchId/${branch}`);
    expect(list.body).toEqual([record]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.clientSecret);
  });

  it('each credential gets its own client id and secret; defaults are off, unlocked and ACTIVE', async () => {
    const a = await api<CredentialCreated>('POST', `${C}create`, { merchantBranchId: branch });
    const b = await create();
    expect(a.body).toMatchObject({ masterDevice: false, orderDevice: false, locked: false, status: 'ACTIVE', description: null });
    expect(a.body.clientId).not.toBe(b.clientId);
    expect(a.body.clientSecret).not.toBe(b.clientSecret);
  });

  it('update changes description, devices, locked and status, never the client id or secret', async () => {
    const c = await create();
    const res = await api<Credential>('PUT', `${C}update`, {
      id: c.id,
      description: 'Bar till',
      masterDevice: true,
      orderDevice: false,
      locked: true,
      status: 'PASSIVE',
      clientId: 'hijack',
      clientSecret: 'hijack',
      merchantBranchId: demoBranch,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, clientId: c.clientId, merchantBranchId: branch, description: 'Bar till', masterDevice: true, locked: true, status: 'PASSIVE' });
    const [row] = await rows();
    expect(row.clientSecretHash).toBe(sha256(c.clientSecret));
    await api('PUT', `${C}update`, { id: c.id, locked: false, status: 'ACTIVE' });
    expect((await api('POST', AUTH, { clientId: c.clientId, clientSecret: c.clientSecret }, null)).status).toBe(200);
  });

  it('PUT {id}/status/{status} switches the status; DELETE removes the credential and its connection', async () => {
    const c = await create();
    expect((await api<Credential>('PUT', `${C}${c.id}/status/PASSIVE`)).body.status).toBe('PASSIVE');
    await api(`PUT`, `${C}${c.id}/status/ACTIVE`);
    await api('POST', AUTH, { clientId: c.clientId, clientSecret: c.clientSecret }, null);
    expect(await t.db.select().from(tillConnection)).toHaveLength(1);
    expect(await api('DELETE', `${C}${c.id}`)).toMatchObject({ status: 200, body: { id: c.id, clientId: c.clientId } });
    expect(await rows()).toEqual([]);
    expect(await t.db.select().from(tillConnection)).toEqual([]);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const c = await create();
    const before = await rows();
    for (const body of [
      { merchantBranchId: branch, description: 'x'.repeat(256) },
      { merchantBranchId: branch, masterDevice: 'yes' },
      { merchantBranchId: branch, status: 'SOMETIMES' },
      { description: 'no branch' },
    ]) {
      const res = await api<ApiError>('POST', `${C}create`, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.type).toBe('WARNING');
    }
    const long = await api<ApiError>('PUT', `${C}update`, { id: c.id, description: 'x'.repeat(256) });
    expect(long).toMatchObject({ status: 400, body: { details: MAX_TEXT, errors: [{ field: 'description', message: MAX_TEXT }] } });
    expect(await rows()).toEqual(before);
  });

  it('an unknown branch or credential id is a 404', async () => {
    for (const [method, url, body] of [
      ['POST', `${C}create`, { merchantBranchId: 999999 }],
      ['GET', `${C}999999`],
      ['PUT', `${C}update`, { id: 999999 }],
      ['DELETE', `${C}999999`],
      ['PUT', `${C}999999/status/PASSIVE`],
      ['GET', `${C}merchantBranchId/999999`],
    ] as const) {
      const res = await api<ApiError>(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Error' });
    }
    expect(await rows()).toEqual([]);
  });
});

describe('till auth (POST /api/till/auth)', () => {
  it('trades a credential for a till token carrying its account and branch, and records the connection', async () => {
    const c = await create({ masterDevice: true });
    const res = await t.app.inject({ method: 'POST', url: AUTH, payload: { clientId: c.clientId, clientSecret: c.clientSecret }, remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);
    const body = res.json<TillToken>();
    expect(body).toEqual({
      accessToken: expect.any(String),
      tokenType: 'Bearer',
      expireDate: expect.any(String),
      merchantAccountId: demoAccount,
      merchantBranchId: branch,
      masterDevice: true,
      orderDevice: false,
    });
    expect(claims(body.accessToken)).toMatchObject({ typ: 'till', acc: demoAccount, br: branch, sub: String(c.id) });
    // A till token opens no administrator or merchant route.
    expect((await api('GET', '/api/merchant/account/all', undefined, body.accessToken)).status).toBe(403);
    const [conn] = await t.db.select().from(tillConnection);
    expect(conn).toMatchObject({ merchantAccountId: demoAccount, merchantBranchId: branch, credentialId: c.id, remoteAddress: '10.1.2.3' });
    expect(Date.now() - conn.lastConnectedDate.getTime()).toBeLessThan(60_000);

    // Connecting again updates the same row.
    await t.db.update(tillConnection).set({ lastConnectedDate: new Date('2026-01-01T00:00:00Z') });
    expect((await api('POST', AUTH, { clientId: c.clientId, clientSecret: c.clientSecret }, null)).status).toBe(200);
    const after = await t.db.select().from(tillConnection);
    expect(after).toHaveLength(1);
    expect(after[0].lastConnectedDate.getTime()).toBeGreaterThan(new Date('2026-06-01').getTime());
  });

  it('a wrong secret or an unknown client id is refused with the same 401, and nothing is recorded', async () => {
    const c = await create();
    for (const body of [
      { clientId: c.clientId, clientSecret: `${c.clientSecret.slice(0, -1)}x` },
      { clientId: c.clientId, clientSecret: 'short' },
      { clientId: 'no-such-client', clientSecret: c.clientSecret },
    ]) {
      const res = await api<ApiError>('POST', AUTH, body, null);
      expect(res).toMatchObject({ status: 401, body: { type: 'ERROR', details: WRONG } });
    }
    expect(await t.db.select().from(tillConnection)).toEqual([]);
  });

  it('a locked or PASSIVE credential, or a PASSIVE store, is refused with a 401 saying why', async () => {
    const locked = await create({ locked: true });
    const passive = await create({ status: 'PASSIVE' });
    const ofClosedStore = await create();
    await t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(eq(merchantBranch.id, branch));
    const ofLiveStore = await create({}, demoBranch);
    await t.db.update(merchantAccount).set({ status: 'PASSIVE' }).where(eq(merchantAccount.id, demoAccount));
    try {
      for (const [c, details] of [
        [locked, 'This credential is locked.'],
        [passive, 'This credential is not active.'],
        [ofClosedStore, 'This store is not active.'],
        [ofLiveStore, 'This store is not active.'],
      ] as const) {
        const res = await api<ApiError>('POST', AUTH, { clientId: c.clientId, clientSecret: c.clientSecret }, null);
        expect(res, details).toMatchObject({ status: 401, body: { type: 'ERROR', details } });
      }
    } finally {
      await t.db.update(merchantAccount).set({ status: 'ACTIVE' }).where(eq(merchantAccount.id, demoAccount));
    }
    expect(await t.db.select().from(tillConnection)).toEqual([]);
  });

  it('missing fields are a 400 with the spec message', async () => {
    const res = await api<ApiError>('POST', AUTH, { clientId: 'x' }, null);
    expect(res).toMatchObject({ status: 400, body: { type: 'WARNING', details: 'Please fill the required fields!' } });
  });

  it('is rate-limited like the logins', async () => {
    const limited = await createTestApp({ config: { loginRateLimit: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.json('POST', AUTH, { clientId: 'a', clientSecret: 'b' })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('till connections (read-only)', () => {
  it('GET all and the table load list each credential’s last connection with store name and locked', async () => {
    const front = await create({ description: 'Front' });
    const back = await create({ description: 'Back' }, demoBranch);
    await api('POST', AUTH, { clientId: front.clientId, clientSecret: front.clientSecret }, null);
    await api('POST', AUTH, { clientId: back.clientId, clientSecret: back.clientSecret }, null);
    await api('PUT', `${C}update`, { id: back.id, description: 'Back', locked: true });

    const all = await api<TillConnection[]>('GET', T);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      expect.objectContaining({ credentialId: front.id, storeName: 'till-lab', domainName: 'till-lab', clientId: front.clientId, description: 'Front', locked: false }),
      expect.objectContaining({ credentialId: back.id, storeName: 'Demo Bistro', domainName: 'demo-bistro', locked: true }),
    ]);
    const page = await api<Page<TillConnection>>('PUT', T, TABLE({ sort: [{ name: 'storeName', ascending: true }] }));
    expect(page.body).toMatchObject({ totalCount: 2, data: [{ storeName: 'Demo Bistro' }, { storeName: 'till-lab' }] });
    const lockedOnly = await api<Page<TillConnection>>('PUT', T, TABLE({ filter: [{ name: 'locked', value: true, filterMatchMode: 'equals' }] }));
    expect(lockedOnly.body.data.map((r) => r.credentialId)).toEqual([back.id]);
    const byStore = await api<Page<TillConnection>>('PUT', T, TABLE({ filter: [{ name: 'storeName', value: 'lab' }] }));
    expect(byStore.body).toMatchObject({ totalCount: 1, data: [{ credentialId: front.id }] });
    const recent = await api<Page<TillConnection>>('PUT', T, TABLE({ filter: [{ name: 'lastConnectedDate', value: new Date().toISOString(), filterMatchMode: 'dateIs' }], sort: [{ name: 'lastConnectedDate', ascending: false }] }));
    expect(recent.body.totalCount).toBe(2);
  });
});

describe('administrators only', () => {
  it('every credential and till connection route refuses a merchant (403) and a caller without a token (401)', async () => {
    const c = await create();
    await expectAdminOnly(t, tok.merchant, [
      ['POST', `${C}create`, { merchantBranchId: branch }],
      ['PUT', `${C}update`, { id: c.id, description: 'x' }],
      ['GET', `${C}${c.id}`],
      ['GET', `${C}merchantBranchId/${branch}`],
      ['DELETE', `${C}${c.id}`],
      ['PUT', `${C}${c.id}/status/PASSIVE`],
      ['GET', T],
      ['PUT', T, TABLE()],
    ]);
    expect(await rows()).toHaveLength(1);
  });
});
