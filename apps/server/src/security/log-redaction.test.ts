import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { loadDemoData } from '../db/demo-data';
import type { OpenDb } from '../db/open-db';
import { applyReferenceData } from '../db/reference-data';
import { branchSettings, mailSettings, merchantUser } from '../db/schema';
import { paymentSecretsOf, sealStoredPaymentSecrets } from '../modules/settings/branch-settings.repo';
import { sealStoredMailPasswords, smtpConfigOf } from '../modules/settings/mail-settings.repo';
import { loadDataKey, parseDataKey } from '../platform/crypto';
import { addMerchantUser, testHash } from '../test/fixtures';
import { openTestDb } from '../test/harness';

/**
 * Issue 13 item 3: a failing query once wrote an SMTP password, a payment JWT and password and an
 * argon2 hash into the log. Here each is planted in a query made to fail, the log is captured and
 * searched; and the secrets the server keeps are stored encrypted.
 */
const PLANTED = {
  smtpUser: 'planted-smtp-user-Q7',
  smtpPassword: 'Planted-Smtp-Pass-Q7',
  jwt: 'planted.jwt.Q7-eyJhbGciOi',
  paymentPassword: 'Planted-Pay-Pass-Q7',
  reportingPassword: 'Planted-Report-Pass-Q7',
  newPassword: 'Planted1Pass',
};

let opened: OpenDb;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let log = '';
let admin = '';
let branchId = 0;
let victimId = 0;

const call = async (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) => {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  opened = await openTestDb();
  await applyReferenceData(opened.db);
  await loadDemoData(opened.db, testHash);
  const stream = new Writable({
    write(chunk, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  ({ app } = await buildApp({ db: opened.db, config: testConfig({ logLevel: 'info' }), logStream: stream }));
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/adminuser/security/login', payload: { userName: 'admin', password: 'Admin1234' } });
  const tokens = await app.inject({ method: 'POST', url: `/api/adminuser/security/tokens/code/${login.json().code}` });
  admin = tokens.json().accessToken;
  const owner = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { domainName: 'demo-bistro', userName: 'owner', password: 'Owner1234' } });
  const ownerTokens = await app.inject({ method: 'POST', url: `/api/v1/auth/tokens/code/${owner.json().code}` });
  const dto = ownerTokens.json().userDTO;
  branchId = dto.merchantBranchId;
  const victim = await addMerchantUser(opened.db, {
    merchantAccountId: dto.merchantAccountId,
    merchantBranchId: branchId,
    userName: 'victim',
    password: 'Victim1234',
    roleIds: [1],
  });
  victimId = victim.id;
  // Constraints that make the next writes fail inside PostgreSQL, with the secrets among the query's parameters.
  await opened.db.execute(sql.raw(`alter table mail_settings add constraint h5_fail check (host <> 'fail.example') not valid`));
  await opened.db.execute(sql.raw(`alter table branch_settings add constraint h5_fail check (base_url is distinct from 'https://fail.example') not valid`));
  await opened.db.execute(sql.raw(`alter table merchant_user add constraint h5_fail check (user_name <> 'victim' or password_change_date is null) not valid`));
});
afterAll(async () => {
  await app.close();
  await opened.close();
});

describe('log redaction', () => {
  it('failing queries carrying an SMTP password, a payment JWT and password, and an argon2 hash log none of them', async () => {
    const mail = await call('POST', '/api/notification/mailSettings/create', {
      merchantBranchId: -1,
      to: 'ops@tillpoint.local',
      from: 'no-reply@tillpoint.local',
      host: 'fail.example',
      port: 587,
      userName: PLANTED.smtpUser,
      password: PLANTED.smtpPassword,
    });
    expect(mail).toEqual({ status: 500, body: { type: 'ERROR', details: 'An unexpected error has occurred.' } });
    const pay = await call('PUT', `/api/storemanagement/merchantbranchsettings/${branchId}/payment`, {
      provider: 'DOJO',
      baseUrl: 'https://fail.example',
      jwt: PLANTED.jwt,
      password: PLANTED.paymentPassword,
    });
    expect(pay.status).toBe(500);
    const change = await call('PUT', '/api/merchantuser/password/change', { id: victimId, password: PLANTED.newPassword });
    expect(change.status).toBe(500);

    // The failures are logged (so an operator sees them), with the query but not its values.
    const errors = log.split('\n').filter((l) => l.includes('"unhandled error"'));
    expect(errors).toHaveLength(3);
    expect(errors.join('\n')).toContain('h5_fail');
    for (const secret of Object.values(PLANTED)) expect(log, secret).not.toContain(secret);
    expect(log).not.toMatch(/\$argon2id\$/);
    expect(log).not.toContain('enc:v1:');
    expect(log).not.toContain(admin);
    expect(log).not.toMatch(/tokens\/code\/[A-Za-z0-9_-]{20,}/);
  });

  it('secret fields and credentials headers are redacted from any logged object', async () => {
    const before = log.length;
    app.log.info({ body: { password: 'x-Planted-1', nested: { jwt: 'x-Planted-2', clientSecret: 'x-Planted-3' } }, headers: { authorization: 'Bearer x-Planted-4', cookie: 'tp_rt=x-Planted-5' } }, 'probe');
    const line = log.slice(before);
    expect(line).toContain('probe');
    expect(line).not.toMatch(/x-Planted-\d/);
    expect(line).toContain('[redacted]');
  });
});

describe('secrets at rest', () => {
  it('the SMTP password and the payment JWT and password are stored encrypted and read back in clear', async () => {
    await opened.db.execute(sql.raw('alter table mail_settings drop constraint h5_fail'));
    await opened.db.execute(sql.raw('alter table branch_settings drop constraint h5_fail'));
    const mail = await call('POST', '/api/notification/mailSettings/create', {
      merchantBranchId: -1,
      to: 'ops@tillpoint.local',
      from: 'no-reply@tillpoint.local',
      host: '127.0.0.1',
      port: 587,
      userName: 'mailer',
      password: PLANTED.smtpPassword,
    });
    expect(mail.status).toBe(200);
    const [row] = await opened.db.select().from(mailSettings).where(eq(mailSettings.id, mail.body.id));
    expect(row.password).toMatch(/^enc:v1:/);
    expect(row.password).not.toContain(PLANTED.smtpPassword);
    expect(smtpConfigOf(row).pass).toBe(PLANTED.smtpPassword);

    expect((await call('PUT', `/api/storemanagement/merchantbranchsettings/${branchId}/payment`, { provider: 'OPAYO', jwt: PLANTED.jwt, password: PLANTED.paymentPassword, vendorName: 'plantedvendor', reportingUser: 'planted-reporter', reportingPassword: PLANTED.reportingPassword })).status).toBe(200);
    const [settings] = await opened.db.select().from(branchSettings).where(eq(branchSettings.merchantBranchId, branchId));
    expect(JSON.stringify(settings)).not.toContain(PLANTED.jwt);
    expect(JSON.stringify(settings)).not.toContain(PLANTED.paymentPassword);
    expect(JSON.stringify(settings)).not.toContain(PLANTED.reportingPassword);
    expect(paymentSecretsOf(settings)).toEqual({ jwt: PLANTED.jwt, password: PLANTED.paymentPassword, reportingPassword: PLANTED.reportingPassword });
    // No dump of the whole database shows them either.
    const dump = JSON.stringify(await opened.db.execute(sql.raw('select * from mail_settings, branch_settings')));
    expect(dump).not.toContain(PLANTED.smtpPassword);
    expect(dump).not.toContain(PLANTED.jwt);
    expect(dump).not.toContain(PLANTED.reportingPassword);
  });

  it('secrets saved in clear before encryption existed are encrypted by the start-up step, and still read the same', async () => {
    await opened.db.update(mailSettings).set({ password: 'Legacy-Plain-1' }).where(eq(mailSettings.merchantBranchId, -1));
    await opened.db.update(branchSettings).set({ jwt: 'legacy.jwt', password: 'Legacy-Plain-2' }).where(eq(branchSettings.merchantBranchId, branchId));
    expect(await sealStoredMailPasswords(opened.db)).toBe(1);
    expect(await sealStoredPaymentSecrets(opened.db)).toBe(1);
    expect(await sealStoredMailPasswords(opened.db)).toBe(0); // once only
    const [m] = await opened.db.select().from(mailSettings).where(eq(mailSettings.merchantBranchId, -1));
    const [b] = await opened.db.select().from(branchSettings).where(eq(branchSettings.merchantBranchId, branchId));
    expect(m.password).toMatch(/^enc:v1:/);
    expect(smtpConfigOf(m).pass).toBe('Legacy-Plain-1');
    // The Opayo reporting password saved (sealed) by the test above is left as it was.
    expect(paymentSecretsOf(b)).toEqual({ jwt: 'legacy.jwt', password: 'Legacy-Plain-2', reportingPassword: PLANTED.reportingPassword });
    const [victim] = await opened.db.select().from(merchantUser).where(eq(merchantUser.id, victimId));
    expect(victim.passwordChangeDate).toBeNull(); // the failed change above left nothing behind
  });

  it('the key comes from DATA_KEY (hex or base64) or a key file made once with mode 0600', () => {
    const hex = 'ab'.repeat(32);
    expect(parseDataKey(hex)).toHaveLength(32);
    expect(parseDataKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));
    expect(() => parseDataKey('too-short')).toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'tp-key-'));
    try {
      const file = join(dir, 'sub', 'data.key');
      const first = loadDataKey({ dataKeyFile: file });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadDataKey({ dataKeyFile: file })).toEqual(first);
      expect(readFileSync(file, 'utf8').trim()).not.toBe('');
      writeFileSync(join(dir, 'bad.key'), 'nope');
      expect(() => loadDataKey({ dataKeyFile: join(dir, 'bad.key') })).toThrow();
      expect(loadDataKey({ dataKey: hex, dataKeyFile: file })).toEqual(Buffer.from(hex, 'hex'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
