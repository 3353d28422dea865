import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRANCH_SETTINGS_MESSAGES, type BranchSettings } from '@tillpoint/contracts/branch-settings';
import { PROVIDER_ENDPOINTS } from '@tillpoint/contracts/payment-providers';
import { branchSettings, merchantBranch } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/harness';
import { addMerchant } from '../../test/fixtures';
import { paymentSecretsOf } from './branch-settings.repo';
import { paymentSettingsValues } from './branch-settings.service';

type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
const B = '/api/storemanagement/merchantbranchsettings/';
const REQUIRED = 'Please fill the required fields!';

let t: TestApp;
const tok = { admin: '', merchant: '' };
let branch: number;
let otherBranch: number;

beforeAll(async () => {
  t = await createTestApp();
  tok.admin = (await t.signIn('admin')).accessToken;
  const owner = await t.signIn('merchant');
  tok.merchant = owner.accessToken;
  branch = owner.userDTO.merchantBranchId;
  otherBranch = (await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' })).merchantBranchId;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(branchSettings);
});

const call = <T = unknown>(method: 'GET' | 'PUT', path: string, body?: unknown, token: string | null = tok.admin) =>
  t.json<T>(method, `${B}${path}`, body, token ?? undefined);

const ORDER = {
  tableOrderPaymentOptions: 'CARD,PAY AT COUNTER',
  webOrderPaymentOptions: 'CARD (DELIVERY),PAY AT DOOR BY CASH (DELIVERY),CARD (COLLECTION)',
  notificationTunnel: 'TILL,EMAIL',
  autoOrderConfirm: false,
  autoKitchen: false,
  autoInsideDelivery: false,
  autoOutsideDelivery: true,
  autoDispatch: false,
};
const EOD = { email: 'reports@demo-bistro.local', isAutoEndOfDay: true, endOfDayHour: '23' };
const PAYMENT = { provider: 'OPAYO', jsUrl: '', baseUrl: '', merchantUrl: '', jwt: 'key-1', password: 'secret-1' };

describe('branch settings: reading', () => {
  it('shows the spec defaults for a branch with nothing saved, with the DOJO sandbox addresses', async () => {
    const res = await call<BranchSettings>('GET', `merchantBranchId/${branch}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: null,
      merchantBranchId: branch,
      tableOrderPaymentOptions: '',
      webOrderPaymentOptions: '',
      notificationTunnel: '',
      autoOrderConfirm: true,
      autoKitchen: true,
      autoInsideDelivery: true,
      autoOutsideDelivery: false,
      autoDispatch: true,
      email: null,
      endOfDayHour: '00',
      isAutoEndOfDay: true,
      provider: 'DOJO',
      ...PROVIDER_ENDPOINTS.DOJO.sandbox,
      hasJwt: false,
      hasPassword: false,
      userType: null,
      vendorName: null,
      reportingUser: null,
      hasReportingPassword: false,
    });
  });

  it("404 for an unknown branch, 401 without a token; a merchant reads only its own branches, without the administrator's settings", async () => {
    expect((await call('GET', 'merchantBranchId/999999')).status).toBe(404);
    expect((await call('GET', `merchantBranchId/${branch}`, undefined, null)).status).toBe(401);
    const merchant = await call<Record<string, unknown>>('GET', `merchantBranchId/${branch}`, undefined, tok.merchant);
    expect(merchant.status).toBe(200);
    expect(merchant.body).not.toHaveProperty('provider');
    expect(merchant.body).not.toHaveProperty('tableOrderPaymentOptions');
    const stranger = await call<ApiError>('GET', `merchantBranchId/${otherBranch}`, undefined, tok.merchant);
    expect(stranger.status).toBe(404);
  });
});

describe('branch settings: each tab saves its own fields', () => {
  it('order settings save creates the row, keeps the lists as comma-joined text and records userType admin', async () => {
    const res = await call<BranchSettings>('PUT', `${branch}/order`, { ...ORDER, tableOrderPaymentOptions: ' CARD , PAY AT COUNTER,CARD' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...ORDER, id: expect.any(Number), userType: 'admin', endOfDayHour: '00', provider: 'DOJO' });
    expect((await call<BranchSettings>('GET', `merchantBranchId/${branch}`)).body).toEqual(res.body);
  });

  it('order settings need a notification tunnel, and nothing is saved without one', async () => {
    const res = await call<ApiError>('PUT', `${branch}/order`, { ...ORDER, notificationTunnel: '' });
    expect(res.status).toBe(400);
    expect(res.body.details).toBe(BRANCH_SETTINGS_MESSAGES.notificationTunnelRequired);
    expect(res.body.details).toBe('Please select notification tunnel');
    expect(await t.db.$count(branchSettings)).toBe(0);
  });

  it('refuses options that are not in the lists', async () => {
    for (const body of [
      { ...ORDER, tableOrderPaymentOptions: 'CARD (DELIVERY)' },
      { ...ORDER, webOrderPaymentOptions: 'PAY AT COUNTER (DELIVERY)' },
      { ...ORDER, notificationTunnel: 'PIGEON' },
    ]) {
      const res = await call<ApiError>('PUT', `${branch}/order`, body);
      expect(res.status).toBe(400);
      expect(res.body.details).toBe(BRANCH_SETTINGS_MESSAGES.unknownOption);
    }
    const missing = await call<ApiError>('PUT', `${branch}/order`, { ...ORDER, autoKitchen: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toBe(REQUIRED);
    expect(await t.db.$count(branchSettings)).toBe(0);
  });

  it('saving one tab never overwrites another tab’s fields', async () => {
    await call('PUT', `${branch}/order`, ORDER);
    await call('PUT', `${branch}/eod`, EOD);
    await call('PUT', `${branch}/payment`, PAYMENT);
    const after = await call<BranchSettings>('PUT', `${branch}/order`, { ...ORDER, notificationTunnel: 'PRINTER' });
    expect(after.body).toMatchObject({ ...ORDER, notificationTunnel: 'PRINTER', ...EOD, provider: 'OPAYO', hasJwt: true, hasPassword: true });
    const eod = await call<BranchSettings>('PUT', `${branch}/eod`, { ...EOD, endOfDayHour: '05' });
    expect(eod.body).toMatchObject({ ...ORDER, notificationTunnel: 'PRINTER', endOfDayHour: '05', provider: 'OPAYO' });
    const pay = await call<BranchSettings>('PUT', `${branch}/payment`, { provider: 'DOJO' });
    expect(pay.body).toMatchObject({ ...ORDER, notificationTunnel: 'PRINTER', endOfDayHour: '05', email: EOD.email, provider: 'DOJO' });
    expect(await t.db.$count(branchSettings)).toBe(1);
  });

  it('EOD save: auto end of day false clears the hour, in the database too', async () => {
    await call('PUT', `${branch}/eod`, EOD);
    const res = await call<BranchSettings>('PUT', `${branch}/eod`, { ...EOD, isAutoEndOfDay: false, endOfDayHour: '07' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAutoEndOfDay: false, endOfDayHour: null, email: EOD.email });
    const [row] = await t.db.select().from(branchSettings).where(eq(branchSettings.merchantBranchId, branch));
    expect(row.endOfDayHour).toBeNull();
  });

  it('EOD save: the hour is 00 to 23 and required with auto end of day; the e-mail must be valid', async () => {
    const noHour = await call<ApiError>('PUT', `${branch}/eod`, { ...EOD, endOfDayHour: null });
    expect(noHour.status).toBe(400);
    expect(noHour.body.details).toBe(REQUIRED);
    expect((await call<ApiError>('PUT', `${branch}/eod`, { ...EOD, endOfDayHour: '24' })).body.details).toBe(REQUIRED);
    const badEmail = await call<ApiError>('PUT', `${branch}/eod`, { ...EOD, email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details).toBe('Not Valid Email');
    expect(await t.db.$count(branchSettings)).toBe(0);
    const noEmail = await call<BranchSettings>('PUT', `${branch}/eod`, { ...EOD, email: '' });
    expect(noEmail.body).toMatchObject({ email: null, endOfDayHour: '23' });
  });

  it('payment save: OPAYO fills its sandbox addresses in a test environment; typed addresses are kept', async () => {
    const res = await call<BranchSettings>('PUT', `${branch}/payment`, PAYMENT);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'OPAYO', ...PROVIDER_ENDPOINTS.OPAYO.sandbox });
    expect(res.body.jsUrl).toBe('https://sandbox.opayo.eu.elavon.com/api/v1/js/sagepay.js');
    const typed = await call<BranchSettings>('PUT', `${branch}/payment`, { ...PAYMENT, baseUrl: 'https://opayo.test.local/api/v1' });
    expect(typed.body.baseUrl).toBe('https://opayo.test.local/api/v1');
  });

  it('payment save: another provider clears the script and base addresses', async () => {
    await call('PUT', `${branch}/payment`, PAYMENT);
    const res = await call<BranchSettings>('PUT', `${branch}/payment`, { provider: 'NONE', jsUrl: 'https://x.test/a.js', baseUrl: 'https://x.test', merchantUrl: 'https://m.test' });
    expect(res.body).toMatchObject({ provider: 'NONE', jsUrl: null, baseUrl: null, merchantUrl: 'https://m.test' });
    const unknown = await call<ApiError>('PUT', `${branch}/payment`, { provider: 'ACME' });
    expect(unknown.status).toBe(400);
  });

  it('payment secrets are never returned, a blank one keeps the stored value, and 4000 characters is the limit', async () => {
    const saved = await call<BranchSettings>('PUT', `${branch}/payment`, PAYMENT);
    expect(JSON.stringify(saved.body)).not.toContain('secret-1');
    expect(JSON.stringify(saved.body)).not.toContain('key-1');
    expect(saved.body).toMatchObject({ hasJwt: true, hasPassword: true });
    expect(saved.body).not.toHaveProperty('jwt');
    expect(saved.body).not.toHaveProperty('password');

    await call('PUT', `${branch}/payment`, { ...PAYMENT, jwt: '', password: null });
    const [kept] = await t.db.select().from(branchSettings).where(eq(branchSettings.merchantBranchId, branch));
    // Kept, and kept encrypted (issue 13): the row holds ciphertext that reads back as the saved values.
    expect(kept.jwt).toMatch(/^enc:v1:/);
    expect(paymentSecretsOf(kept)).toEqual({ jwt: 'key-1', password: 'secret-1', reportingPassword: null });

    // Opayo's vendor name and reporting user are plain fields; the reporting password is write-only and sealed like the others.
    const opayo = await call<BranchSettings>('PUT', `${branch}/payment`, { ...PAYMENT, vendorName: 'tillpointshop', reportingUser: 'reports', reportingPassword: 'rep-secret' });
    expect(opayo.body).toMatchObject({ vendorName: 'tillpointshop', reportingUser: 'reports', hasReportingPassword: true });
    expect(JSON.stringify(opayo.body)).not.toContain('rep-secret');
    await call('PUT', `${branch}/payment`, { ...PAYMENT, vendorName: 'tillpointshop', reportingUser: 'reports', reportingPassword: '' });
    const [withReporting] = await t.db.select().from(branchSettings).where(eq(branchSettings.merchantBranchId, branch));
    expect(withReporting.reportingPassword).toMatch(/^enc:v1:/);
    expect(paymentSecretsOf(withReporting).reportingPassword).toBe('rep-secret');

    await call('PUT', `${branch}/payment`, { ...PAYMENT, password: 'p'.repeat(4000) });
    const [long] = await t.db.select().from(branchSettings).where(eq(branchSettings.merchantBranchId, branch));
    expect(paymentSecretsOf(long).password).toHaveLength(4000);

    for (const field of ['jwt', 'password']) {
      const res = await call<ApiError>('PUT', `${branch}/payment`, { ...PAYMENT, [field]: 'x'.repeat(4001) });
      expect(res.status).toBe(400);
      expect(res.body.details).toBe('You can enter up to 400 characters in this field.');
    }
    const public_ = await call('GET', `paymentsettings/${branch}`, undefined, null);
    expect(JSON.stringify(public_.body)).not.toContain('secret');
  });

  it('every write: 401 without a token, 403 for a merchant token, 404 for an unknown branch; nothing saved', async () => {
    for (const [tab, body] of [
      ['order', ORDER],
      ['eod', EOD],
      ['payment', PAYMENT],
    ] as const) {
      expect((await call('PUT', `${branch}/${tab}`, body, null)).status).toBe(401);
      expect((await call('PUT', `${branch}/${tab}`, body, tok.merchant)).status).toBe(403);
      // Refused before the body is even looked at.
      expect((await call('PUT', `${branch}/${tab}`, {}, tok.merchant)).status).toBe(403);
      expect((await call('PUT', `999999/${tab}`, body)).status).toBe(404);
    }
    expect(await t.db.$count(branchSettings)).toBe(0);
  });

  it('each branch has its own settings', async () => {
    await call('PUT', `${branch}/order`, ORDER);
    const other = await call<BranchSettings>('GET', `merchantBranchId/${otherBranch}`);
    expect(other.body).toMatchObject({ id: null, notificationTunnel: '' });
  });
});

describe('branch settings: public storefront reads', () => {
  it('paymentsettings gives the provider and its script address, without a token', async () => {
    const before = await call('GET', `paymentsettings/${branch}`, undefined, null);
    expect(before).toMatchObject({ status: 200, body: { provider: 'DOJO', paymentSenseUrl: PROVIDER_ENDPOINTS.DOJO.sandbox.jsUrl } });
    await call('PUT', `${branch}/payment`, PAYMENT);
    const after = await call('GET', `paymentsettings/${branch}`, undefined, null);
    expect(after.body).toEqual({ provider: 'OPAYO', paymentSenseUrl: PROVIDER_ENDPOINTS.OPAYO.sandbox.jsUrl });
    expect((await call('GET', 'paymentsettings/999999', undefined, null)).status).toBe(404);
  });

  it('member view: status, payment options and whether delivery is offered', async () => {
    const empty = await call('GET', `member/merchantBranchId/${branch}`, undefined, null);
    expect(empty.body).toMatchObject({
      merchantBranchId: branch,
      status: 'ACTIVE',
      tableOrderPaymentOptions: '',
      webOrderPaymentOptions: '',
      hasDeliveryOrderType: false,
      storeClosed: false,
    });
    await call('PUT', `${branch}/order`, ORDER);
    const res = await call('GET', `member/merchantBranchId/${branch}`, undefined, null);
    expect(res.body).toMatchObject({ tableOrderPaymentOptions: ORDER.tableOrderPaymentOptions, webOrderPaymentOptions: ORDER.webOrderPaymentOptions, hasDeliveryOrderType: true });
    await call('PUT', `${branch}/order`, { ...ORDER, webOrderPaymentOptions: 'CARD (COLLECTION)' });
    expect((await call('GET', `member/merchantBranchId/${branch}`, undefined, null)).body).toMatchObject({ hasDeliveryOrderType: false });
    expect((await call('GET', 'member/merchantBranchId/999999', undefined, null)).status).toBe(404);
  });

  it('isstoreclosed: open while the branch is ACTIVE (no opening hours yet), closed when PASSIVE', async () => {
    expect((await call('GET', `isstoreclosed/branchId/${branch}`, undefined, null)).body).toEqual({ storeClosed: false });
    await t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(eq(merchantBranch.id, branch));
    try {
      expect((await call('GET', `isstoreclosed/branchId/${branch}`, undefined, null)).body).toEqual({ storeClosed: true });
      expect((await call('GET', `member/merchantBranchId/${branch}`, undefined, null)).body).toMatchObject({ status: 'PASSIVE', storeClosed: true });
    } finally {
      await t.db.update(merchantBranch).set({ status: 'ACTIVE' }).where(eq(merchantBranch.id, branch));
    }
    expect((await call('GET', 'isstoreclosed/branchId/999999', undefined, null)).status).toBe(404);
  });
});

describe('payment settings rules (service, no HTTP)', () => {
  const base = { provider: 'DOJO' as const, jsUrl: null, baseUrl: null, merchantUrl: null, jwt: null, password: null };
  it('DOJO and OPAYO: sandbox values in a test environment, live values otherwise', () => {
    expect(paymentSettingsValues(base, true)).toEqual({ provider: 'DOJO', ...PROVIDER_ENDPOINTS.DOJO.sandbox });
    expect(paymentSettingsValues(base, false)).toEqual({ provider: 'DOJO', ...PROVIDER_ENDPOINTS.DOJO.live });
    expect(paymentSettingsValues({ ...base, provider: 'OPAYO' }, false).baseUrl).toBe('https://live.opayo.eu.elavon.com/api/v1');
    expect(paymentSettingsValues({ ...base, provider: 'OPAYO' }, true).baseUrl).toBe('https://sandbox.opayo.eu.elavon.com/api/v1');
  });
  it('secrets are written only when given', () => {
    expect(paymentSettingsValues({ ...base, jwt: '  ', password: '' }, true)).not.toHaveProperty('jwt');
    expect(paymentSettingsValues({ ...base, jwt: '  ', password: '' }, true)).not.toHaveProperty('password');
    expect(paymentSettingsValues({ ...base, jwt: 'j', password: 'p' }, true)).toMatchObject({ jwt: 'j', password: 'p' });
  });
});
