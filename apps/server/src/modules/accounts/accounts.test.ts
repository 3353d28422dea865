import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantAccount } from '@tillpoint/contracts/merchant-account';
import type { MerchantBranch } from '@tillpoint/contracts/merchant-branch';
import {
  branchSettings,
  credential,
  credit,
  mailSettings,
  merchantAccount,
  merchantBranch,
  merchantUserBranch,
  pageSettings,
  refreshToken,
  storedFile,
  tax,
} from '../../db/schema';
import { type ApiError, MAX_TEXT, REQUIRED, TABLE, expectAdminOnly } from '../../test/admin-only';
import { ROLE, addBranch, addMerchant, addMerchantUser, signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { queryRows } from '../../db/rows';

type Page<T> = { data: T[]; totalCount: number };
const A = '/api/merchant/account/';
const B = '/api/merchant/branch/';
const RANGE = 'Company No must be a whole number from 1 to 9999999999.';
const DOMAIN_FORMAT = 'Domain Name can contain only lowercase letters, digits and single hyphens (up to 63 characters).';

let t: TestApp;
const tok = { admin: '', merchant: '' };
let demoAccount: number;
let demoBranch: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin: tok.admin, merchant: tok.merchant, demoAccount, demoBranch } = await signInDemo(t));
});
afterAll(() => t.close());

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token: string | null = tok.admin) =>
  t.json<T>(method, url, body, token ?? undefined);

const DETAILS = { tradingName: 'Corner Shop', businessName: 'Corner Shop Ltd', companyNo: 1234567, vatNo: 'GB111222333' };
const CONTACT = { firstName: 'Cara', lastName: 'Corner', mobilePhone: '07700 900123', emailAddress: 'cara@corner.example' };
let seq = 0;
const newAccount = async (over: object = {}) => {
  const res = await api<MerchantAccount>('POST', `${A}create`, { ...DETAILS, tradingName: `Account ${++seq}`, ...over });
  expect(res.status).toBe(200);
  return res.body;
};
const branchDetails = (over: object = {}) => ({
  tradingName: `Branch ${++seq}`,
  businessName: 'Branch Ltd',
  vatNo: 'GB444555666',
  domainName: `branch-${seq}`,
  sector: 'RETAIL',
  ...over,
});
const newBranch = async (accountId: number, over: object = {}) => {
  const res = await api<MerchantBranch>('POST', `${B}${accountId}/branch`, branchDetails(over));
  expect(res.status).toBe(200);
  return res.body;
};
const accounts = () => t.db.select().from(merchantAccount).orderBy(asc(merchantAccount.id));
const branches = () => t.db.select().from(merchantBranch).orderBy(asc(merchantBranch.id));

describe('merchant accounts', () => {
  it('creates an account (details first), then saves its contact, and reads it back', async () => {
    const created = await api<MerchantAccount>('POST', `${A}create`, { ...DETAILS, tradingName: '  Corner Shop  ', companyNo: '7654321' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      tradingName: 'Corner Shop',
      businessName: 'Corner Shop Ltd',
      companyNo: 7654321,
      vatNo: 'GB111222333',
      firstName: null,
      lastName: null,
      mobilePhone: null,
      emailAddress: null,
      contact: '',
      status: 'ACTIVE',
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    });
    const contact = await api<MerchantAccount>('PUT', `${A}${created.body.id}/contact`, CONTACT);
    expect(contact.status).toBe(200);
    // The phone is stored as the mask shows it.
    expect(contact.body).toMatchObject({ ...CONTACT, mobilePhone: '(07700) 900123', contact: 'Cara Corner', tradingName: 'Corner Shop' });
    const read = await api<MerchantAccount>('GET', `${A}${created.body.id}`);
    expect(read.body).toEqual(contact.body);
  });

  it('a new account keeps the status its switch was set to before the first save', async () => {
    const created = await newAccount({ status: 'PASSIVE' });
    expect(created.status).toBe('PASSIVE');
  });

  it('PUT update saves the details only: status and contact stay as they were', async () => {
    const created = await newAccount();
    await api('PUT', `${A}${created.id}/contact`, CONTACT);
    await api('PUT', `${A}${created.id}/status/PASSIVE`);
    const res = await api<MerchantAccount>('PUT', `${A}update`, { id: created.id, ...DETAILS, tradingName: 'Renamed', status: 'ACTIVE', firstName: 'Hacker' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, tradingName: 'Renamed', status: 'PASSIVE', firstName: 'Cara' });
  });

  it('a PASSIVE account signs its merchant users out at their next refresh, and lets nobody sign in', async () => {
    const m = await addMerchant(t.db, { domainName: 'sleepy-cafe', userName: 'sam', password: 'Sam12345' });
    const creds = { domainName: 'sleepy-cafe', userName: 'sam', password: 'Sam12345' };
    const session = await t.signIn('merchant', creds);
    await api('PUT', `${A}${m.merchantAccountId}/status/PASSIVE`);
    expect((await t.json('POST', '/api/v1/auth/tokens/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    expect((await t.json('POST', '/api/v1/auth/login', creds)).status).toBe(401);
    await api('PUT', `${A}${m.merchantAccountId}/status/ACTIVE`);
    expect((await t.json('POST', '/api/v1/auth/login', creds)).status).toBe(200);
  });

  it('PUT {id}/status/{status} switches the status; an unknown status is a 400', async () => {
    const created = await newAccount();
    expect((await api<MerchantAccount>('PUT', `${A}${created.id}/status/PASSIVE`)).body.status).toBe('PASSIVE');
    expect((await api<MerchantAccount>('PUT', `${A}${created.id}/status/ACTIVE`)).body.status).toBe('ACTIVE');
    const bad = await api<ApiError>('PUT', `${A}${created.id}/status/DELETED`);
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('WARNING');
  });

  it('GET all lists every account; PUT all is the table load with filters and sorts on every column', async () => {
    const a = await newAccount({ tradingName: 'Zebra Foods', businessName: 'Zebra Holdings', companyNo: 555, vatNo: 'VAT-ZEBRA' });
    await api('PUT', `${A}${a.id}/contact`, { ...CONTACT, firstName: 'Zed', lastName: 'Zebedee' });
    await api('PUT', `${A}${a.id}/status/PASSIVE`);
    const all = await api<MerchantAccount[]>('GET', `${A}all`);
    expect(all.status).toBe(200);
    expect(all.body.map((r) => r.id)).toEqual((await accounts()).map((r) => r.id));

    const only = async (name: string, value: unknown, filterMatchMode = 'contains') => {
      const res = await api<Page<MerchantAccount>>('PUT', `${A}all`, TABLE({ filter: [{ name, value, filterMatchMode }] }));
      expect(res.status, name).toBe(200);
      return res.body.data.map((r) => r.id);
    };
    expect(await only('tradingName', 'zebra')).toEqual([a.id]);
    expect(await only('businessName', 'holdings')).toEqual([a.id]);
    expect(await only('companyNo', 555, 'equals')).toEqual([a.id]);
    expect(await only('vatNo', 'vat-z', 'startsWith')).toEqual([a.id]);
    expect(await only('contact', 'zed zeb')).toEqual([a.id]);
    expect(await only('status', 'PASSIVE', 'equals')).toContain(a.id);
    expect(await only('status', 'PASSIVE', 'equals')).not.toContain(demoAccount);

    const sorted = await api<Page<MerchantAccount>>('PUT', `${A}all`, TABLE({ sort: [{ name: 'contact', ascending: false }], limit: 1 }));
    expect(sorted.body.data[0].contact).toBe('Zed Zebedee');
    expect(sorted.body.totalCount).toBe(all.body.length);
    for (const name of ['tradingName', 'businessName', 'companyNo', 'vatNo', 'status']) {
      expect((await api('PUT', `${A}all`, TABLE({ sort: [{ name, ascending: true }] }))).status, name).toBe(200);
    }
    const unknown = await api<ApiError>('PUT', `${A}all`, TABLE({ filter: [{ name: 'passwordHash', value: 'x' }] }));
    expect(unknown).toMatchObject({ status: 400, body: { type: 'WARNING', details: 'Unknown filter field: passwordHash' } });
  });

  it('GET checkHealth answers UP', async () => {
    expect(await api('GET', `${A}checkHealth`)).toMatchObject({ status: 200, body: { status: 'UP' } });
    expect(await api('GET', `${B}checkHealth`)).toMatchObject({ status: 200, body: { status: 'UP' } });
  });

  it('an unknown account id is a 404 with a typed body, and nothing changes', async () => {
    const before = await accounts();
    for (const [method, url, body] of [
      ['GET', `${A}999999`],
      ['PUT', `${A}update`, { id: 999999, ...DETAILS }],
      ['DELETE', `${A}999999`],
      ['PUT', `${A}999999/status/PASSIVE`],
      ['PUT', `${A}999999/contact`, CONTACT],
    ] as const) {
      const res = await api<ApiError>(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Error' });
    }
    expect(await accounts()).toEqual(before);
  });
});

describe('merchant accounts: validation (spec 1 §5)', () => {
  const details: [string, object, string, string][] = [
    ['no tradingName', { tradingName: undefined }, 'tradingName', REQUIRED],
    ['blank tradingName', { tradingName: '   ' }, 'tradingName', REQUIRED],
    ['no businessName', { businessName: '' }, 'businessName', REQUIRED],
    ['no vatNo', { vatNo: undefined }, 'vatNo', REQUIRED],
    ['no companyNo', { companyNo: undefined }, 'companyNo', REQUIRED],
    ['empty companyNo', { companyNo: '' }, 'companyNo', REQUIRED],
    ['companyNo 0', { companyNo: 0 }, 'companyNo', RANGE],
    ['companyNo 10000000000', { companyNo: 10_000_000_000 }, 'companyNo', RANGE],
    ['companyNo with a letter', { companyNo: '12a' }, 'companyNo', RANGE],
    ['companyNo with decimals', { companyNo: 12.5 }, 'companyNo', RANGE],
    ['tradingName over 255', { tradingName: 'x'.repeat(256) }, 'tradingName', MAX_TEXT],
    ['businessName over 255', { businessName: 'x'.repeat(256) }, 'businessName', MAX_TEXT],
    ['vatNo over 255', { vatNo: 'x'.repeat(256) }, 'vatNo', MAX_TEXT],
  ];

  it.each(details)('create and update refuse %s with the spec message, changing nothing', async (_what, over, field, message) => {
    const existing = await newAccount();
    const before = await accounts();
    for (const [method, url, body] of [
      ['POST', `${A}create`, { ...DETAILS, ...over }],
      ['PUT', `${A}update`, { id: existing.id, ...DETAILS, ...over }],
    ] as const) {
      const res = await api<ApiError>(method, url, body);
      expect(res.status, method).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING', details: message });
      expect(res.body.errors).toContainEqual({ field, message });
    }
    expect(await accounts()).toEqual(before);
  });

  it('accepts the limits: companyNo 1 and 9999999999, 255 characters', async () => {
    for (const companyNo of [1, 9_999_999_999]) expect((await newAccount({ companyNo })).companyNo).toBe(companyNo);
    expect((await newAccount({ businessName: 'b'.repeat(255) })).businessName).toHaveLength(255);
  });

  const contacts: [string, object, string, string][] = [
    ['no firstName', { firstName: '' }, 'firstName', REQUIRED],
    ['no lastName', { lastName: undefined }, 'lastName', REQUIRED],
    ['no mobilePhone', { mobilePhone: '' }, 'mobilePhone', REQUIRED],
    ['no emailAddress', { emailAddress: undefined }, 'emailAddress', REQUIRED],
    ['a bad e-mail', { emailAddress: 'cara.example' }, 'emailAddress', 'Not Valid Email'],
    ['an e-mail under 5 characters', { emailAddress: 'a@b' }, 'emailAddress', 'Not Valid Email'],
    ['an e-mail over 255 characters', { emailAddress: `${'a'.repeat(250)}@example.com` }, 'emailAddress', 'Not Valid Email'],
    ['a short phone', { mobilePhone: '07700 9001' }, 'mobilePhone', 'Not Valid Phone Number'],
    ['a phone with letters', { mobilePhone: '07700 CALLME' }, 'mobilePhone', 'Not Valid Phone Number'],
    ['a foreign number', { mobilePhone: '+33 6 12 34 56 78' }, 'mobilePhone', 'Not Valid Phone Number'],
    ['firstName over 255', { firstName: 'x'.repeat(256) }, 'firstName', MAX_TEXT],
  ];

  it.each(contacts)('PUT {id}/contact refuses %s, changing nothing', async (_what, over, field, message) => {
    const existing = await newAccount();
    const before = await accounts();
    const res = await api<ApiError>('PUT', `${A}${existing.id}/contact`, { ...CONTACT, ...over });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'WARNING', details: message });
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await accounts()).toEqual(before);
  });

  it('accepts the masked phone, plain digits and +44, and stores each as the mask shows it', async () => {
    const existing = await newAccount();
    for (const mobilePhone of ['(07700) 900456', '07700900456', '+44 7700 900456', '7700900456']) {
      const res = await api<MerchantAccount>('PUT', `${A}${existing.id}/contact`, { ...CONTACT, mobilePhone });
      expect(res.body.mobilePhone, mobilePhone).toBe('(07700) 900456');
    }
  });
});

describe('merchant branches', () => {
  it('creates a branch through its three tabs: details, then contact, then address', async () => {
    const account = await newAccount();
    const created = await api<MerchantBranch>('POST', `${B}${account.id}/branch`, branchDetails({ domainName: '  The-Corner-42 ', sector: 'HOSPITALITY' }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      merchantAccountId: account.id,
      domainName: 'the-corner-42',
      sector: 'HOSPITALITY',
      status: 'ACTIVE',
      country: 'United Kingdom',
      address1: null,
      firstName: null,
    });
    const id = created.body.id;
    const contact = await api<MerchantBranch>('PUT', `${B}${id}/contact`, CONTACT);
    expect(contact.body).toMatchObject({ ...CONTACT, mobilePhone: '(07700) 900123' });
    const address = await api<MerchantBranch>('PUT', `${B}${id}/address`, {
      address1: '2 Market Street',
      address2: 'Unit 4',
      city: 'Leeds',
      postCode: 'LS1 4AB',
      state: 'West Yorkshire',
      country: 'United Kingdom',
    });
    expect(address.status).toBe(200);
    expect(address.body).toMatchObject({ address1: '2 Market Street', address2: 'Unit 4', address3: null, city: 'Leeds', postCode: 'LS1 4AB', state: 'West Yorkshire' });
    expect((await api<MerchantBranch>('GET', `${B}${id}`)).body).toEqual(address.body);
  });

  it('PUT update saves the details; PUT {id}/status/{status} switches the status', async () => {
    const account = await newAccount();
    const b = await newBranch(account.id);
    const res = await api<MerchantBranch>('PUT', `${B}update`, { id: b.id, ...branchDetails({ tradingName: 'Renamed', domainName: 'renamed-branch' }), status: 'PASSIVE' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, tradingName: 'Renamed', domainName: 'renamed-branch', status: 'ACTIVE' });
    expect((await api<MerchantBranch>('PUT', `${B}${b.id}/status/PASSIVE`)).body.status).toBe('PASSIVE');
  });

  it('a domain name is unique on the platform, whatever its letter case: 409 Duplicate Value', async () => {
    const account = await newAccount();
    const b = await newBranch(account.id);
    const before = await branches();
    const taken = await api<ApiError>('POST', `${B}${account.id}/branch`, branchDetails({ domainName: 'DEMO-Bistro' }));
    expect(taken).toMatchObject({ status: 409, body: { type: 'ERROR', details: 'Duplicate Value' } });
    const renamed = await api<ApiError>('PUT', `${B}update`, { id: b.id, ...branchDetails({ domainName: 'demo-bistro' }) });
    expect(renamed).toMatchObject({ status: 409, body: { type: 'ERROR', details: 'Duplicate Value' } });
    expect(await branches()).toEqual(before);
  });

  it('PUT {accountId}/branches is the account’s branch table; GET {accountId}/combo its dropdown', async () => {
    const account = await newAccount();
    const one = await newBranch(account.id, { tradingName: 'Alpha Street', city: 'x' });
    const two = await newBranch(account.id, { tradingName: 'Beta Road' });
    await api('PUT', `${B}${two.id}/address`, { address1: '1 Beta Road', city: 'York', postCode: 'YO1 1AA' });
    const page = await api<Page<MerchantBranch>>('PUT', `${B}${account.id}/branches`, TABLE({ sort: [{ name: 'tradingName', ascending: false }] }));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalCount: 2, data: [{ id: two.id }, { id: one.id }] });
    const york = await api<Page<MerchantBranch>>('PUT', `${B}${account.id}/branches`, TABLE({ filter: [{ name: 'city', value: 'york' }] }));
    expect(york.body.data.map((r) => r.id)).toEqual([two.id]);
    for (const name of ['tradingName', 'businessName', 'vatNo', 'domainName', 'sector', 'postCode', 'status']) {
      expect((await api('PUT', `${B}${account.id}/branches`, TABLE({ filter: [{ name, value: 'a' }] }))).status, name).toBe(200);
    }
    const combo = await api('GET', `${B}${account.id}/combo`);
    expect(combo).toMatchObject({
      status: 200,
      body: [
        { id: one.id, tradingName: 'Alpha Street', domainName: one.domainName, status: 'ACTIVE' },
        { id: two.id, tradingName: 'Beta Road', domainName: two.domainName, status: 'ACTIVE' },
      ],
    });
    // Another account's branches never show.
    const demo = await api<Page<MerchantBranch>>('PUT', `${B}${demoAccount}/branches`, TABLE());
    expect(demo.body.data.map((r) => r.id)).toEqual([demoBranch]);
  });

  it('an unknown account or branch id is a 404, and nothing changes', async () => {
    const before = await branches();
    for (const [method, url, body] of [
      ['PUT', `${B}999999/branches`, TABLE()],
      ['GET', `${B}999999/combo`],
      ['POST', `${B}999999/branch`, branchDetails()],
      ['GET', `${B}999999`],
      ['PUT', `${B}update`, { id: 999999, ...branchDetails() }],
      ['PUT', `${B}999999/contact`, CONTACT],
      ['PUT', `${B}999999/address`, { address1: 'a', city: 'b', postCode: 'c' }],
      ['PUT', `${B}999999/status/PASSIVE`],
    ] as const) {
      const res = await api<ApiError>(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Error' });
    }
    expect(await branches()).toEqual(before);
  });

  const detailRefusals: [string, object, string, string][] = [
    ['no tradingName', { tradingName: '' }, 'tradingName', REQUIRED],
    ['no businessName', { businessName: undefined }, 'businessName', REQUIRED],
    ['no vatNo', { vatNo: ' ' }, 'vatNo', REQUIRED],
    ['no domainName', { domainName: '' }, 'domainName', REQUIRED],
    ['no sector', { sector: undefined }, 'sector', REQUIRED],
    ['an unknown sector', { sector: 'MINING' }, 'sector', REQUIRED],
    ['a domain name with a space', { domainName: 'my shop' }, 'domainName', DOMAIN_FORMAT],
    ['a domain name with a slash', { domainName: 'my/shop' }, 'domainName', DOMAIN_FORMAT],
    ['a domain name with a double hyphen', { domainName: 'my--shop' }, 'domainName', DOMAIN_FORMAT],
    ['a domain name over 63 characters', { domainName: 'a'.repeat(64) }, 'domainName', DOMAIN_FORMAT],
    ['a reserved domain name', { domainName: 'Admin' }, 'domainName', 'This Domain Name is reserved. Please choose another one.'],
    ['a storefront page name as domain name', { domainName: 'approveOrder' }, 'domainName', 'This Domain Name is reserved. Please choose another one.'],
    ['tradingName over 255', { tradingName: 'x'.repeat(256) }, 'tradingName', MAX_TEXT],
  ];
  it.each(detailRefusals)('branch details refuse %s on create and update, changing nothing', async (_what, over, field, message) => {
    const account = await newAccount();
    const b = await newBranch(account.id);
    const before = await branches();
    for (const [method, url, body] of [
      ['POST', `${B}${account.id}/branch`, branchDetails(over)],
      ['PUT', `${B}update`, { id: b.id, ...branchDetails(over) }],
    ] as const) {
      const res = await api<ApiError>(method, url, body);
      expect(res.status, method).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING', details: message });
      expect(res.body.errors).toContainEqual({ field, message });
    }
    expect(await branches()).toEqual(before);
  });

  const addressRefusals: [string, object, string, string][] = [
    ['no address1', { address1: '' }, 'address1', REQUIRED],
    ['no city', { city: undefined }, 'city', REQUIRED],
    ['no postCode', { postCode: ' ' }, 'postCode', REQUIRED],
    ['a country off the list', { country: 'Atlantis' }, 'country', REQUIRED],
    ['address2 over 255', { address2: 'x'.repeat(256) }, 'address2', MAX_TEXT],
  ];
  it.each(addressRefusals)('PUT {id}/address refuses %s, changing nothing', async (_what, over, field, message) => {
    const before = await branches();
    const res = await api<ApiError>('PUT', `${B}${demoBranch}/address`, { address1: '1 Road', city: 'Hull', postCode: 'HU1 1AA', country: 'United Kingdom', ...over });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'WARNING', details: message });
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await branches()).toEqual(before);
  });

  it('PUT {id}/contact refuses a bad phone and a bad e-mail with the spec messages', async () => {
    const before = await branches();
    const phone = await api<ApiError>('PUT', `${B}${demoBranch}/contact`, { ...CONTACT, mobilePhone: '123' });
    expect(phone).toMatchObject({ status: 400, body: { details: 'Not Valid Phone Number' } });
    const email = await api<ApiError>('PUT', `${B}${demoBranch}/contact`, { ...CONTACT, emailAddress: 'nope' });
    expect(email).toMatchObject({ status: 400, body: { details: 'Not Valid Email' } });
    const missing = await api<ApiError>('PUT', `${B}${demoBranch}/contact`, { ...CONTACT, lastName: '' });
    expect(missing).toMatchObject({ status: 400, body: { details: REQUIRED } });
    expect(await branches()).toEqual(before);
  });
});

describe('GET merchant/branch/all', () => {
  type Item = { id: number; tradingName: string; domainName: string; status: string };
  it('an administrator gets every branch of the platform', async () => {
    const res = await api<Item[]>('GET', `${B}all`);
    expect(res.status).toBe(200);
    const rows = await t.db.select({ id: merchantBranch.id }).from(merchantBranch);
    expect(res.body.map((b) => b.id).sort((x, y) => x - y)).toEqual(rows.map((r) => r.id).sort((x, y) => x - y));
    expect(res.body.find((b) => b.id === demoBranch)).toEqual({ id: demoBranch, tradingName: expect.any(String), domainName: 'demo-bistro', status: 'ACTIVE' });
  });

  it("a merchant user gets only its own account's branches that it works at", async () => {
    const second = await addBranch(t.db, demoAccount, 'all-branches-second');
    const third = await addBranch(t.db, demoAccount, 'all-branches-third');
    const other = await addMerchant(t.db, { domainName: 'all-branches-other', userName: 'olga', password: 'Olga1234' });
    const user = await addMerchantUser(t.db, { merchantAccountId: demoAccount, merchantBranchId: demoBranch, userName: 'twobranches', password: 'Two12345', roleIds: [ROLE.accountUser] });
    await t.db.insert(merchantUserBranch).values({ merchantAccountId: demoAccount, userId: user.id, merchantBranchId: second.id });
    const token = (await t.signIn('merchant', { domainName: 'demo-bistro', userName: 'twobranches', password: 'Two12345' })).accessToken;
    const res = await api<Item[]>('GET', `${B}all`, undefined, token);
    expect(res.status).toBe(200);
    const ids = res.body.map((b) => b.id);
    expect(ids.sort((x, y) => x - y)).toEqual([demoBranch, second.id].sort((x, y) => x - y));
    expect(ids).not.toContain(third.id);
    expect(ids).not.toContain(other.merchantBranchId);
    expect(res.body.find((b) => b.id === second.id)).toEqual({ id: second.id, tradingName: 'all-branches-second', domainName: 'all-branches-second', status: 'ACTIVE' });
  });

  it('no token is a 401', async () => {
    expect((await api('GET', `${B}all`, undefined, null)).status).toBe(401);
  });
});

describe('public store look-ups (no sign-in)', () => {
  it('answer for a live store: branch id by domain name (any letter case), trading name, store info', async () => {
    expect(await api('GET', `${B}domainName/Demo-Bistro`, undefined, null)).toMatchObject({ status: 200, body: { merchantBranchId: demoBranch } });
    expect(await api('GET', `${B}tradingname/merchantBranchId/${demoBranch}`, undefined, null)).toMatchObject({
      status: 200,
      body: { tradingName: 'Demo Bistro' },
    });
    expect(await api('GET', `${B}storeInfo/merchantBranchId/${demoBranch}`, undefined, null)).toEqual(
      expect.objectContaining({
        status: 200,
        body: expect.objectContaining({ merchantBranchId: demoBranch, tradingName: 'Demo Bistro', domainName: 'demo-bistro', menuDisplayTemplate: 'Template1' }),
      }),
    );
  });

  it('a table QR code\'s client id names its branch: an ACTIVE credential of a live store only', async () => {
    await t.db.insert(credential).values([
      { merchantAccountId: demoAccount, merchantBranchId: demoBranch, clientId: 'qr-client-live', clientSecretHash: 'x' },
      { merchantAccountId: demoAccount, merchantBranchId: demoBranch, clientId: 'qr-client-retired', clientSecretHash: 'x', status: 'PASSIVE' },
    ]);
    try {
      expect(await api('GET', `${B}clientId/qr-client-live`, undefined, null)).toMatchObject({ status: 200, body: { merchantBranchId: demoBranch } });
      for (const id of ['qr-client-retired', 'no-such-client', "x' or '1'='1"]) {
        const res = await api<ApiError>('GET', `${B}clientId/${encodeURIComponent(id)}`, undefined, null);
        expect({ id, status: res.status, type: res.body.type }).toEqual({ id, status: 404, type: 'ERROR' });
      }
    } finally {
      await t.db.delete(credential).where(sql`${credential.clientId} like 'qr-client-%'`);
    }
  });

  it('a PASSIVE branch, a branch of a PASSIVE account and an unknown one are all a 404', async () => {
    const account = await newAccount();
    const closed = await newBranch(account.id, { domainName: 'closed-store' });
    await api('PUT', `${B}${closed.id}/status/PASSIVE`);
    const dormant = await newAccount();
    const ofDormant = await newBranch(dormant.id, { domainName: 'dormant-store' });
    await api('PUT', `${A}${dormant.id}/status/PASSIVE`);
    for (const [name, id] of [
      ['closed-store', closed.id],
      ['dormant-store', ofDormant.id],
      ['no-such-store', 999999],
    ] as const) {
      for (const url of [`${B}domainName/${name}`, `${B}tradingname/merchantBranchId/${id}`, `${B}storeInfo/merchantBranchId/${id}`]) {
        const res = await api<ApiError>('GET', url, undefined, null);
        expect(res.status, url).toBe(404);
        expect(res.body.type).toBe('ERROR');
      }
    }
  });
});

describe('deleting a merchant account', () => {
  it('an account without branches is deleted at once', async () => {
    const account = await newAccount();
    const res = await api<MerchantAccount>('DELETE', `${A}${account.id}`);
    expect(res).toMatchObject({ status: 200, body: { id: account.id, tradingName: account.tradingName } });
    expect((await api('GET', `${A}${account.id}`)).status).toBe(404);
  });

  it('an ACTIVE account with branches is refused with a 409 that says what to do, and nothing changes', async () => {
    const before = { accounts: await accounts(), branches: await branches() };
    const res = await api<ApiError>('DELETE', `${A}${demoAccount}`);
    expect(res).toMatchObject({
      status: 409,
      body: { type: 'ERROR', details: 'This merchant account still has branches. Make it PASSIVE first; deleting it then removes its branches, users and licences too.' },
    });
    expect({ accounts: await accounts(), branches: await branches() }).toEqual(before);
  });

  /** A tenant with a row in every table it can own, made through the API where there is one. */
  async function fullTenant(domainName: string) {
    const account = await newAccount();
    const b = await newBranch(account.id, { domainName });
    const branchId = b.id;
    const ok = async (method: 'POST' | 'PUT', url: string, body: unknown) => expect((await api(method, url, body)).status, url).toBe(200);
    await ok('POST', '/api/merchant/license/create', { merchantBranchId: branchId, serviceName: 'WEB_ORDER', licenseStatus: 'ACTIVE', actionReason: 'PAYMENT_COMPLETED' });
    await ok('POST', '/api/merchant/credentials/create', { merchantBranchId: branchId, description: 'Till' });
    await ok('POST', '/api/merchant/credit/create', { merchantBranchId: branchId, creditValue: 100, creditType: 'ADDRESS' });
    await addMerchantUser(t.db, { merchantAccountId: account.id, merchantBranchId: branchId, userName: `owner-${domainName}`, password: 'Owner1234', roleIds: [ROLE.accountAdmin] });
    await t.db.insert(tax).values({ merchantAccountId: account.id, merchantBranchId: branchId, name: 'VAT', rateBp: 2000 });
    const [file] = await t.db
      .insert(storedFile)
      .values({ merchantAccountId: account.id, fileName: 'logo.png', contentType: 'image/png', size: 1, sha256: 'x', content: Buffer.from([1]) })
      .returning();
    await t.db.insert(pageSettings).values({ merchantAccountId: account.id, merchantBranchId: branchId, logoFileId: file.id });
    await t.db.insert(branchSettings).values({ merchantAccountId: account.id, merchantBranchId: branchId });
    await t.db.insert(mailSettings).values({ merchantBranchId: branchId, fromAddress: 'a@b.c', host: 'smtp', port: 25, userName: 'u', password: 'p' });
    const session = await t.signIn('merchant', { domainName, userName: `owner-${domainName}`, password: 'Owner1234' });
    return { accountId: account.id, branchId, session };
  }

  /** Rows of a tenant in every table keyed by merchant_account_id, read from the catalogue. */
  async function tenantRowCounts(accountId: number) {
    const tables = (
      await queryRows<{ name: string }>(
        t.db,
        sql`select table_name as name from information_schema.columns
        where table_schema = current_schema() and column_name = 'merchant_account_id'`,
      )
    ).map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const name of tables) {
      const res = (await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} where merchant_account_id = ${accountId}`)) as unknown as {
        rows: { n: number }[];
      };
      counts[name] = res.rows[0].n;
    }
    return counts;
  }

  it('a PASSIVE account is deleted with everything it owns, and its users are signed out', async () => {
    const demoBefore = await tenantRowCounts(demoAccount);
    const { accountId, branchId, session } = await fullTenant('doomed-store');
    const before = await tenantRowCounts(accountId);
    for (const table of ['merchant_branch', 'licence', 'credential', 'credit', 'merchant_user', 'merchant_user_role', 'merchant_user_branch', 'tax', 'stored_file', 'page_settings', 'branch_settings']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    expect((await api('PUT', `${A}${accountId}/status/PASSIVE`)).status).toBe(200);
    const res = await api<MerchantAccount>('DELETE', `${A}${accountId}`);
    expect(res).toMatchObject({ status: 200, body: { id: accountId, status: 'PASSIVE' } });

    expect(Object.values(await tenantRowCounts(accountId)).every((n) => n === 0)).toBe(true);
    expect(await t.db.select().from(mailSettings).where(eq(mailSettings.merchantBranchId, branchId))).toEqual([]);
    expect(await t.db.select().from(refreshToken).where(eq(refreshToken.tenantId, accountId))).toEqual([]);
    expect((await api('GET', `${A}${accountId}`)).status).toBe(404);
    const refresh = await t.json('POST', '/api/v1/auth/tokens/refresh', { refreshToken: session.refreshToken });
    expect(refresh.status).toBe(401);
    // Other tenants keep every row.
    expect(await tenantRowCounts(demoAccount)).toEqual(demoBefore);
  });

  it('a failure halfway through the delete leaves the whole tenant as it was', async () => {
    const { accountId, branchId } = await fullTenant('sturdy-store');
    await api('PUT', `${A}${accountId}/status/PASSIVE`);
    const before = await tenantRowCounts(accountId);
    // Credits are deleted after mail settings, sessions and several tables: make that step fail.
    await t.db.execute(sql.raw(`create function s1_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`));
    await t.db.execute(sql.raw('create trigger s1_refuse before delete on credit for each row execute function s1_refuse()'));
    try {
      const res = await api<ApiError>('DELETE', `${A}${accountId}`);
      expect(res).toMatchObject({ status: 500, body: { type: 'ERROR', details: 'An unexpected error has occurred.' } });
    } finally {
      await t.db.execute(sql.raw('drop trigger s1_refuse on credit'));
      await t.db.execute(sql.raw('drop function s1_refuse()'));
    }
    expect(await tenantRowCounts(accountId)).toEqual(before);
    expect(await t.db.select().from(mailSettings).where(eq(mailSettings.merchantBranchId, branchId))).toHaveLength(1);
    expect(await t.db.select().from(credit).where(eq(credit.merchantAccountId, accountId))).toHaveLength(1);
    expect((await api('DELETE', `${A}${accountId}`)).status).toBe(200);
  });
});

describe('administrators only', () => {
  it('every account and branch route refuses a merchant (403) and a caller without a token (401)', async () => {
    await expectAdminOnly(t, tok.merchant, [
      ['PUT', `${A}all`, TABLE()],
      ['GET', `${A}all`],
      ['GET', `${A}${demoAccount}`],
      ['POST', `${A}create`, DETAILS],
      ['PUT', `${A}update`, { id: demoAccount, ...DETAILS }],
      ['DELETE', `${A}${demoAccount}`],
      ['PUT', `${A}${demoAccount}/status/PASSIVE`],
      ['PUT', `${A}${demoAccount}/contact`, CONTACT],
      ['GET', `${A}checkHealth`],
      ['PUT', `${B}${demoAccount}/branches`, TABLE()],
      ['GET', `${B}${demoAccount}/combo`],
      ['POST', `${B}${demoAccount}/branch`, branchDetails()],
      ['GET', `${B}${demoBranch}`],
      ['PUT', `${B}update`, { id: demoBranch, ...branchDetails() }],
      ['PUT', `${B}${demoBranch}/contact`, CONTACT],
      ['PUT', `${B}${demoBranch}/address`, { address1: 'a', city: 'b', postCode: 'c' }],
      ['PUT', `${B}${demoBranch}/status/PASSIVE`],
      ['GET', `${B}checkHealth`],
    ]);
    const demo = await t.db.select().from(merchantAccount).where(eq(merchantAccount.id, demoAccount));
    expect(demo[0].status).toBe('ACTIVE');
  });

  it('the caller is checked before the body: an invalid body or id is still a 401 without a token and a 403 for a merchant', async () => {
    const accounts = () => t.db.select().from(merchantAccount).orderBy(asc(merchantAccount.id));
    const branches = () => t.db.select().from(merchantBranch).orderBy(asc(merchantBranch.id));
    const before = [await accounts(), await branches()];
    await expectAdminOnly(t, tok.merchant, [
      ['PUT', `${A}all`, { limit: 'all' }],
      ['GET', `${A}abc`],
      ['POST', `${A}create`, { companyNo: 'x' }],
      ['PUT', `${A}update`, { id: 'x' }],
      ['PUT', `${A}${demoAccount}/status/NOPE`],
      ['PUT', `${A}${demoAccount}/contact`, { emailAddress: 'not-mail' }],
      ['POST', `${B}${demoAccount}/branch`, {}],
      ['PUT', `${B}update`, {}],
      ['PUT', `${B}${demoBranch}/address`, { postCode: 7 }],
    ]);
    expect([await accounts(), await branches()]).toEqual(before);
  });
});
