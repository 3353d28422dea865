import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailSettings } from '@tillpoint/contracts/mail-settings';
import { mailOutbox, mailSettings } from '../../db/schema';
import { enqueueMail } from '../../platform/outbox';
import { type TestApp, createTestApp } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { smtpConfigOf } from './mail-settings.repo';

type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
const B = '/api/notification/mailSettings/';
const REQUIRED = 'Please fill the required fields!';

let t: TestApp;
const tok = { admin: '', merchant: '' };
let branch: number;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  t = await createTestApp();
  tok.admin = (await t.signIn('admin')).accessToken;
  const owner = await t.signIn('merchant');
  tok.merchant = owner.accessToken;
  branch = owner.userDTO.merchantBranchId;
  smtp = await startSmtp({ users: { mailer: 'Sm7p-pass' } });
});
afterAll(async () => {
  await smtp.stop();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(mailSettings);
  await t.db.delete(mailOutbox);
  smtp.received.length = 0;
});

const call = <T = unknown>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token: string | null = tok.admin) =>
  t.json<T>(method, `${B}${path}`, body, token ?? undefined);
const settings = (over: Record<string, unknown> = {}) => ({
  merchantBranchId: -1,
  to: 'ops@tillpoint.local',
  from: 'no-reply@tillpoint.local',
  host: '127.0.0.1',
  port: smtp.port,
  userName: 'mailer',
  password: 'Sm7p-pass',
  ...over,
});
const create = (over: Record<string, unknown> = {}) => call<MailSettings>('POST', 'create', settings(over));
/** The stored password as the server reads it back; the row itself holds only ciphertext (issue 13). */
const storedPassword = async (id: number) => {
  const [row] = await t.db.select().from(mailSettings).where(eq(mailSettings.id, id));
  expect(row.password).toMatch(/^enc:v1:/);
  return smtpConfigOf(row).pass;
};

describe('mail settings: reading and saving', () => {
  it('shows empty settings for the platform (-1) and for a branch before any are saved', async () => {
    for (const id of [-1, branch]) {
      const res = await call<MailSettings>('GET', `merchantBranchId/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: null, merchantBranchId: id, to: null, from: '', host: '', port: null, userName: '', hasPassword: false });
    }
    expect((await call('GET', 'merchantBranchId/999999')).status).toBe(404);
    expect((await call('GET', 'merchantBranchId/0')).status).toBe(400);
    expect((await call('GET', 'merchantBranchId/-2')).status).toBe(400);
  });

  it('creates the platform settings; the password is stored but never returned', async () => {
    const res = await create();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      merchantBranchId: -1,
      to: 'ops@tillpoint.local',
      from: 'no-reply@tillpoint.local',
      host: '127.0.0.1',
      port: smtp.port,
      userName: 'mailer',
      hasPassword: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('Sm7p-pass');
    expect(await storedPassword(res.body.id as number)).toBe('Sm7p-pass');
    for (const path of [`merchantBranchId/-1`, `${res.body.id}`]) {
      const read = await call<MailSettings>('GET', path);
      expect(read.body).toEqual(res.body);
      expect(JSON.stringify(read.body)).not.toContain('Sm7p-pass');
    }
  });

  it('creates settings of a branch beside the platform’s', async () => {
    await create();
    const res = await create({ merchantBranchId: branch, host: 'smtp.demo-bistro.local', port: 587 });
    expect(res.status).toBe(200);
    expect((await call<MailSettings>('GET', `merchantBranchId/${branch}`)).body).toMatchObject({ host: 'smtp.demo-bistro.local', port: 587 });
    expect((await call<MailSettings>('GET', 'merchantBranchId/-1')).body).toMatchObject({ host: '127.0.0.1' });
  });

  it('from, host, port, merchantBranchId, userName and password are required; nothing is saved without them', async () => {
    for (const field of ['from', 'host', 'port', 'merchantBranchId', 'userName', 'password']) {
      for (const value of [undefined, '']) {
        const res = await call<ApiError>('POST', 'create', settings({ [field]: value }));
        expect(res.status, `${field}=${value}`).toBe(400);
        expect(res.body.details).toBe(REQUIRED);
      }
    }
    expect((await call<ApiError>('POST', 'create', settings({ port: 70000 }))).body.details).toBe(REQUIRED);
    expect((await call<ApiError>('POST', 'create', settings({ to: 'nope' }))).body.details).toBe('Not Valid Email');
    expect((await call<ApiError>('POST', 'create', settings({ host: 'h'.repeat(256) }))).body.details).toBe('You can enter up to 255 characters in this field.');
    expect(await t.db.$count(mailSettings)).toBe(0);
  });

  it('one set of settings per branch (409) and only for a branch that exists (404)', async () => {
    await create();
    expect((await create()).status).toBe(409);
    expect((await create({ merchantBranchId: 999999 })).status).toBe(404);
    expect(await t.db.$count(mailSettings)).toBe(1);
  });

  it('update: a blank password keeps the stored one, a new one replaces it', async () => {
    const { body } = await create();
    const id = body.id as number;
    const kept = await call<MailSettings>('PUT', 'update', { ...settings({ host: 'localhost', password: '' }), id });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ host: 'localhost', hasPassword: true });
    expect(await storedPassword(id)).toBe('Sm7p-pass');
    await call('PUT', 'update', { ...settings({ password: undefined }), id });
    expect(await storedPassword(id)).toBe('Sm7p-pass');
    const changed = await call<MailSettings>('PUT', 'update', { ...settings({ password: 'N3w-pass' }), id });
    expect(JSON.stringify(changed.body)).not.toContain('N3w-pass');
    expect(await storedPassword(id)).toBe('N3w-pass');
  });

  it('update: required fields, unknown ids and a change of branch are refused', async () => {
    const { body } = await create();
    const id = body.id as number;
    const noHost = await call<ApiError>('PUT', 'update', { ...settings({ host: '' }), id });
    expect(noHost).toMatchObject({ status: 400, body: { details: REQUIRED } });
    expect((await call('PUT', 'update', { ...settings(), id: 999999 })).status).toBe(404);
    expect((await call('PUT', 'update', { ...settings({ merchantBranchId: branch }), id })).status).toBe(400);
    expect((await call<MailSettings>('GET', `${id}`)).body.host).toBe('127.0.0.1');
    expect((await call('GET', '999999')).status).toBe(404);
  });

  it('administrators only: 401 without a token and 403 for a merchant token on every call', async () => {
    const { body } = await create();
    const calls: [('GET' | 'POST' | 'PUT'), string, unknown?][] = [
      ['GET', 'merchantBranchId/-1'],
      ['GET', `${body.id}`],
      ['POST', 'create', settings({ merchantBranchId: branch })],
      ['PUT', 'update', { ...settings(), id: body.id }],
      ['POST', `sendemail/${body.id}`],
    ];
    for (const [method, path, payload] of calls) {
      expect((await call(method, path, payload, null)).status, `${method} ${path}`).toBe(401);
      const merchant = await call<ApiError>(method, path, payload, tok.merchant);
      expect(merchant.status, `${method} ${path}`).toBe(403);
      expect(merchant.body.details).toBe('Not Authorized');
    }
    expect(await t.db.$count(mailSettings)).toBe(1);
    expect(smtp.received).toEqual([]);
  });
});

describe('mail settings: test send', () => {
  it('really delivers through SMTP with the saved settings, signing in with the user name and password', async () => {
    const { body } = await create();
    const res = await call<ApiError>('POST', `sendemail/${body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'SUCCESS', details: 'The test e-mail has been sent to ops@tillpoint.local.' });
    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got).toMatchObject({ from: 'no-reply@tillpoint.local', to: ['ops@tillpoint.local'], user: 'mailer' });
    expect(got.raw).toMatch(/^Subject: Tillpoint test e-mail\r?$/m);
  });

  it('reports the SMTP server’s refusal of a wrong password as an ERROR notice', async () => {
    const { body } = await create({ password: 'wrong-pass' });
    const res = await call<ApiError>('POST', `sendemail/${body.id}`);
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('ERROR');
    expect(res.body.details).toMatch(/^The test e-mail could not be sent: .*Invalid username or password/);
    expect(smtp.received).toEqual([]);
  });

  it('reports a server that cannot be reached', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.stop();
    const { body } = await create({ port });
    const res = await call<ApiError>('POST', `sendemail/${body.id}`);
    expect(res.status).toBe(400);
    expect(res.body.details).toMatch(/^The test e-mail could not be sent: .*(ECONNREFUSED|connect)/i);
  });

  it('needs a to address, and known settings', async () => {
    const { body } = await create({ to: '' });
    const res = await call<ApiError>('POST', `sendemail/${body.id}`);
    expect(res).toMatchObject({ status: 400, body: { details: REQUIRED } });
    expect((await call('POST', 'sendemail/999999')).status).toBe(404);
    expect(smtp.received).toEqual([]);
  });
});

describe('mail outbox with the platform mail settings', () => {
  it('delivers queued mail with the platform settings from the database, and follows a change without a restart', async () => {
    // Nothing configured (no platform settings, no SMTP_HOST): mail waits in the outbox.
    await enqueueMail(t.db, { to: 'owner@demo-bistro.local', subject: 'Reset Password', text: 'Open this link.' });
    expect(await t.runJob('mail-outbox')).toEqual({ sent: 0, failed: 0 });
    expect((await t.db.select().from(mailOutbox))[0].status).toBe('PENDING');

    const { body } = await create();
    expect(await t.runJob('mail-outbox')).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@tillpoint.local', to: ['owner@demo-bistro.local'], user: 'mailer' });

    const second = await startSmtp({ users: { other: 'Other-pass' } });
    try {
      await call('PUT', 'update', { ...settings({ port: second.port, userName: 'other', password: 'Other-pass', from: 'mail@tillpoint.local' }), id: body.id });
      await enqueueMail(t.db, { to: 'guest@example.com', subject: 'Your order', text: 'Ready.' });
      expect(await t.runJob('mail-outbox')).toEqual({ sent: 1, failed: 0 });
      expect(second.received).toHaveLength(1);
      expect(second.received[0]).toMatchObject({ from: 'mail@tillpoint.local', to: ['guest@example.com'], user: 'other' });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('branch settings are not the platform’s: the outbox ignores them', async () => {
    await create({ merchantBranchId: branch });
    await enqueueMail(t.db, { to: 'owner@demo-bistro.local', subject: 'Hello', text: 'Hello' });
    expect(await t.runJob('mail-outbox')).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
  });

  it('TLS from the start on port 465 only', () => {
    const row = { id: 1, merchantBranchId: -1, toAddress: null, fromAddress: 'a@b.c', host: 'h', userName: 'u', password: 'p', createdDate: new Date(), updatedDate: new Date() };
    expect(smtpConfigOf({ ...row, port: 465 }).secure).toBe(true);
    expect(smtpConfigOf({ ...row, port: 587 }).secure).toBe(false);
    expect(smtpConfigOf({ ...row, port: 25 })).toEqual({ host: 'h', port: 25, secure: false, user: 'u', pass: 'p', from: 'a@b.c' });
  });
});
