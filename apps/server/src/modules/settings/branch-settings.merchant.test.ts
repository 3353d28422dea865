import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberBranchSettings, MerchantBranchSettings } from '@tillpoint/contracts/branch-settings';
import { everyDay, flatSchedule } from '@tillpoint/contracts/schedule';
import { branchSettings, merchantBranch, pageSettings } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/harness';
import { ROLE, addBranch, addMerchant, addMerchantUser } from '../../test/fixtures';
import { memberView } from './branch-settings.merchant';

type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
const S = 'storemanagement/merchantbranchsettings/';
const REQUIRED = 'Please fill the required fields!';

let t: TestApp;
const tok = { owner: '', staff: '', second: '', other: '', admin: '' };
let branch: number;
let account: number;
let branch2: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.signIn('merchant');
  tok.owner = owner.accessToken;
  branch = owner.userDTO.merchantBranchId;
  account = owner.userDTO.merchantAccountId;
  tok.admin = (await t.signIn('admin')).accessToken;
  await addMerchantUser(t.db, { merchantAccountId: account, merchantBranchId: branch, userName: 'staff', password: 'Staff1234', roleIds: [ROLE.accountUser] });
  branch2 = (await addBranch(t.db, account, 'demo-bistro-2')).id;
  await addMerchantUser(t.db, { merchantAccountId: account, merchantBranchId: branch2, userName: 'second', password: 'Staff1234', roleIds: [ROLE.accountAdmin] });
  await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' });
  tok.staff = (await t.signIn('merchant', { domainName: 'demo-bistro', userName: 'staff', password: 'Staff1234' })).accessToken;
  tok.second = (await t.signIn('merchant', { domainName: 'demo-bistro-2', userName: 'second', password: 'Staff1234' })).accessToken;
  tok.other = (await t.signIn('merchant', { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' })).accessToken;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(branchSettings);
  await t.db.delete(pageSettings);
});

const api = <T = unknown>(method: 'GET' | 'PUT', path: string, body?: unknown, token: string | null = tok.owner) => t.json<T>(method, `/api/${S}${path}`, body, token ?? undefined);
const rows = async () => (await t.db.select().from(branchSettings)).map((r) => JSON.stringify(r)).sort();
const EOD = { email: 'eod@demo-bistro.local', isAutoEndOfDay: true, endOfDayHour: '23' };

describe('merchant branch settings: reading the current branch (-1)', () => {
  it('shows the defaults of spec 2 §9 and spec 3 §9 before anything is saved', async () => {
    const res = await api<MerchantBranchSettings>('GET', 'merchantBranchId/-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: null,
      merchantBranchId: branch,
      isAutoEndOfDay: true,
      endOfDayHour: '00',
      menuBorderColor: '#00bcd4',
      menuDisplayTemplate: 'Template1',
      displayMemberZoom: 2,
      priceCalculationMethod: 'EMPTY',
      scheduledForDelivery: false,
      mondayOpenHour: null,
      sundayDeliveryCloseHour: null,
    });
    expect(res.body).not.toHaveProperty('provider');
  });

  it('reads another branch only where the user works; another store is a 404; an admin cannot use -1', async () => {
    expect((await api('GET', `merchantBranchId/${branch2}`)).status).toBe(404);
    expect((await api('GET', `merchantBranchId/${branch2}`, undefined, tok.second)).status).toBe(200);
    expect((await api('GET', `merchantBranchId/${branch}`, undefined, tok.other)).status).toBe(404);
    expect((await api('GET', 'merchantBranchId/-1', undefined, tok.admin)).status).toBe(404);
    expect((await api('GET', 'merchantBranchId/-2')).status).toBe(400);
    expect((await api('GET', 'merchantBranchId/-1', undefined, null)).status).toBe(401);
  });
});

describe('merchant branch settings: each tab saves on its own', () => {
  it('EOD: saves, and turning auto end of day off clears the hour', async () => {
    const res = await api<MerchantBranchSettings>('PUT', 'merchant/eod', EOD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...EOD, id: expect.any(Number) });
    const off = await api<MerchantBranchSettings>('PUT', 'merchant/eod', { ...EOD, isAutoEndOfDay: false });
    expect(off.body).toMatchObject({ isAutoEndOfDay: false, endOfDayHour: null });
    const [row] = await t.db.select().from(branchSettings);
    expect(row).toMatchObject({ merchantBranchId: branch, userType: 'merchant', endOfDayHour: null });
  });

  it.each([
    ['no e-mail', { ...EOD, email: '' }, REQUIRED],
    ['a short e-mail', { ...EOD, email: 'a@b' }, 'Not Valid Email'],
    ['not an e-mail', { ...EOD, email: 'reports at shop' }, 'Not Valid Email'],
    ['an e-mail over 50', { ...EOD, email: `${'x'.repeat(45)}@shop.uk` }, 'You can enter up to 50 characters in this field.'],
    ['no hour while auto end of day is on', { ...EOD, endOfDayHour: '' }, 'Please fill the End Of Day Hour'],
  ])('EOD refuses %s, changing nothing', async (_what, body, message) => {
    await api('PUT', 'merchant/eod', EOD);
    const before = await rows();
    const res = await api<ApiError>('PUT', 'merchant/eod', body);
    expect(res).toMatchObject({ status: 400, body: { type: 'WARNING', details: message } });
    expect(await rows()).toEqual(before);
  });

  it('Basket: money in pence, and a blank or PASSIVE option clears its default service charge', async () => {
    const res = await api<MerchantBranchSettings>('PUT', 'merchant/basket', {
      minimumDeliveryBasketPrice: 12.5,
      deliveryFee: 2.99,
      freeDeliveryAmount: 30,
      collectionDiscountRate: 10,
      serviceChargeOptions: 'ACTIVE',
      defaultServiceCharge: 10,
      serviceChargeOptionsTableOrder: 'PASSIVE',
      defaultServiceChargeTableOrder: 5,
      serviceChargeOptionsDelivery: '',
      defaultServiceChargeDelivery: 20,
      scheduledForDelivery: true,
      minimumDeliveryDeliveryDuration: 30,
      maximumDeliveryDeliveryDuration: 45,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      minimumDeliveryBasketPrice: 12.5,
      deliveryFee: 2.99,
      freeDeliveryAmount: 30,
      collectionDiscountRate: 10,
      serviceChargeOptions: 'ACTIVE',
      defaultServiceCharge: 10,
      serviceChargeOptionsTableOrder: 'PASSIVE',
      defaultServiceChargeTableOrder: null,
      serviceChargeOptionsDelivery: null,
      defaultServiceChargeDelivery: null,
      scheduledForDelivery: true,
      minimumDeliveryDeliveryDuration: 30,
      maximumDeliveryDeliveryDuration: 45,
    });
    const [row] = await t.db.select().from(branchSettings);
    expect(row).toMatchObject({ minimumDeliveryBasketPrice: 1250, deliveryFee: 299, collectionDiscountRateBp: 1000 });
    const bad = await api<ApiError>('PUT', 'merchant/basket', { minimumDeliveryDeliveryDuration: 60, maximumDeliveryDeliveryDuration: 30 });
    expect(bad).toMatchObject({ status: 400, body: { details: 'The maximum delivery duration cannot be less than the minimum.' } });
    expect((await api<ApiError>('PUT', 'merchant/basket', { defaultServiceCharge: 15, serviceChargeOptions: 'ACTIVE' })).body.details).toBe(
      'Please choose a service charge of 0%, 5%, 10% or 20%.',
    );
  });

  it("a tab's save leaves the other tabs as they were", async () => {
    await api('PUT', 'merchant/eod', EOD);
    await api('PUT', 'merchant/marketplace', { serviceableAreas: 'SW1, SW2', distanceFromPostalCodeThatCanBeServiced: 3.5, showEmailAddressInTheStoreCard: true, menuBorderColor: '', menuDisplayTemplate: 'Template2' });
    const res = await api<MerchantBranchSettings>('GET', 'merchantBranchId/-1');
    expect(res.body).toMatchObject({
      ...EOD,
      serviceableAreas: 'SW1, SW2',
      distanceFromPostalCodeThatCanBeServiced: 3.5,
      showEmailAddressInTheStoreCard: true,
      menuBorderColor: '#00bcd4',
      menuDisplayTemplate: 'Template2',
    });
    expect((await api<ApiError>('PUT', 'merchant/marketplace', { menuDisplayTemplate: 'Template3' })).status).toBe(400);
  });

  it('Product Price: a method needs a rate; none clears it', async () => {
    const before = await rows();
    const noRate = await api<ApiError>('PUT', 'merchant/productprice', { priceCalculationMethod: 'PERCENTAGE', priceCalculationRate: null });
    expect(noRate).toMatchObject({ status: 400, body: { details: 'Please fill the rate field!' } });
    expect(await rows()).toEqual(before);
    expect((await api<MerchantBranchSettings>('PUT', 'merchant/productprice', { priceCalculationMethod: 'PERCENTAGE', priceCalculationRate: 12.5 })).body).toMatchObject({
      priceCalculationMethod: 'PERCENTAGE',
      priceCalculationRate: 12.5,
    });
    expect((await api<MerchantBranchSettings>('PUT', 'merchant/productprice', { priceCalculationMethod: 'EMPTY', priceCalculationRate: 12.5 })).body).toMatchObject({
      priceCalculationMethod: 'EMPTY',
      priceCalculationRate: null,
    });
  });

  it('Branch Schedules: the 28 hours round-trip; a half-filled day is refused', async () => {
    const hours = flatSchedule(everyDay('11:00', '23:00', { openHour: '17:00', closeHour: '22:00' }));
    const res = await api<MerchantBranchSettings>('PUT', 'merchant/schedules', { ...hours, sundayOpenHour: null, sundayCloseHour: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mondayOpenHour: '11:00', mondayDeliveryCloseHour: '22:00', sundayOpenHour: null });
    const bad = await api<ApiError>('PUT', 'merchant/schedules', { mondayOpenHour: '11:00' });
    expect(bad).toMatchObject({ status: 400, body: { details: 'Please fill both the open and the close hour of the day, or neither.' } });
  });

  it('Order Display: the zoom is kept with the page settings (default 2)', async () => {
    expect((await api<MerchantBranchSettings>('PUT', 'merchant/orderdisplay', { displayMemberZoom: 4 })).body.displayMemberZoom).toBe(4);
    const [page] = await t.db.select().from(pageSettings);
    expect(page).toMatchObject({ merchantBranchId: branch, displayMemberZoom: 4 });
    expect((await api<ApiError>('PUT', 'merchant/orderdisplay', { displayMemberZoom: 11 })).status).toBe(400);
  });

  it('needs BranchSettings Create; staff read only; an admin or stranger token cannot save for a merchant', async () => {
    expect((await api('GET', 'merchantBranchId/-1', undefined, tok.staff)).status).toBe(200);
    const before = await rows();
    expect(await api('PUT', 'merchant/eod', EOD, tok.staff)).toMatchObject({ status: 403, body: { details: 'Not Authorized' } });
    expect((await api('PUT', 'merchant/eod', EOD, tok.admin)).status).toBe(403);
    expect((await api('PUT', 'merchant/eod', { email: '' }, null)).status).toBe(401);
    expect(await rows()).toEqual(before);
    // Another store's owner saves only its own branch.
    await api('PUT', 'merchant/eod', EOD, tok.other);
    expect((await t.db.select().from(branchSettings)).map((r) => r.merchantBranchId)).not.toContain(branch);
  });
});

describe('merchant branch settings: every rule of the screens holds on the server', () => {
  const BASKET = { minimumDeliveryBasketPrice: 15, deliveryFee: 2.5, collectionDiscountRate: 10, minimumDeliveryDeliveryDuration: 30, maximumDeliveryDeliveryDuration: 45 };
  const MONEY = 'Prices must be between 0 and 1,000,000 with at most 2 decimals.';
  const HOUR = 'Please enter the hour as HH:mm (00:00 to 23:59).';

  it.each([
    ['basket', 'a negative delivery fee', { ...BASKET, deliveryFee: -1 }, MONEY],
    ['basket', 'a price with three decimals', { ...BASKET, minimumDeliveryBasketPrice: 12.345 }, MONEY],
    ['basket', 'a price as text', { ...BASKET, freeDeliveryAmount: '30' }, MONEY],
    ['basket', 'a collection discount over 100%', { ...BASKET, collectionDiscountRate: 100.5 }, 'The rate must be between 0 and 100 with at most 2 decimals.'],
    ['basket', 'a duration in part minutes', { ...BASKET, minimumDeliveryDeliveryDuration: 12.5 }, 'Delivery durations are whole minutes from 0 to 1,440.'],
    ['basket', 'a duration over a day', { ...BASKET, maximumDeliveryDeliveryDuration: 1441 }, 'Delivery durations are whole minutes from 0 to 1,440.'],
    ['basket', 'an unknown service charge option', { ...BASKET, serviceChargeOptions: 'SOMETIMES' }, 'Empty Values.'],
    ['productprice', 'an unknown method', { priceCalculationMethod: 'DOUBLE', priceCalculationRate: 5 }, 'Empty Values.'],
    ['productprice', 'a negative rate', { priceCalculationMethod: 'AMOUNT', priceCalculationRate: -5 }, 'Percentages must be between 0 and 10,000 with at most 2 decimals.'],
    ['marketplace', 'serviceable areas over 255 characters', { serviceableAreas: 'SW1, '.repeat(52) }, 'You can enter up to 255 characters in this field.'],
    ['marketplace', 'a colour that is not #rrggbb', { menuBorderColor: 'teal' }, 'Please choose a colour (#rrggbb).'],
    ['marketplace', 'a distance over 1,000 miles', { distanceFromPostalCodeThatCanBeServiced: 1000.01 }, 'The distance must be between 0 and 1,000 miles with at most 2 decimals.'],
    ['orderdisplay', 'a zoom of 0', { displayMemberZoom: 0 }, 'The zoom must be a whole number from 1 to 10.'],
    ['orderdisplay', 'a zoom of 2.5', { displayMemberZoom: 2.5 }, 'The zoom must be a whole number from 1 to 10.'],
    ['schedules', 'an hour of 24:00', { mondayOpenHour: '24:00', mondayCloseHour: '23:00' }, HOUR],
    ['schedules', 'an hour without its minutes', { tuesdayOpenHour: '11', tuesdayCloseHour: '23:00' }, HOUR],
    ['schedules', 'a delivery close hour without its open hour', { fridayDeliveryCloseHour: '22:00' }, 'Please fill both the open and the close hour of the day, or neither.'],
    ['eod', 'an hour that is not one of 00 to 23', { ...EOD, endOfDayHour: '24' }, 'Please fill the End Of Day Hour'],
  ])('%s refuses %s with its message, changing nothing', async (tab, _what, body, message) => {
    await api('PUT', 'merchant/eod', EOD);
    await api('PUT', 'merchant/basket', BASKET);
    await api('PUT', 'merchant/orderdisplay', { displayMemberZoom: 3 });
    const before = [await rows(), JSON.stringify(await t.db.select().from(pageSettings))];
    const res = await api<ApiError>('PUT', `merchant/${tab}`, body);
    expect(res).toMatchObject({ status: 400, body: { type: 'WARNING', details: message } });
    expect([await rows(), JSON.stringify(await t.db.select().from(pageSettings))]).toEqual(before);
  });

  it('Branch Schedules: overnight hours (11:00 to 00:30) and all-day hours are kept as entered', async () => {
    const hours = flatSchedule(everyDay('11:00', '23:00'));
    const res = await api<MerchantBranchSettings>('PUT', 'merchant/schedules', { ...hours, fridayCloseHour: '00:30', sundayOpenHour: '00:00', sundayCloseHour: '00:00' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fridayOpenHour: '11:00', fridayCloseHour: '00:30', sundayOpenHour: '00:00', sundayCloseHour: '00:00', mondayDeliveryOpenHour: null });
  });

  it('Basket: a default service charge is kept while its option is ACTIVE or ENFORCED, and cleared when the option becomes PASSIVE', async () => {
    expect((await api<MerchantBranchSettings>('PUT', 'merchant/basket', { serviceChargeOptionsDelivery: 'ENFORCED', defaultServiceChargeDelivery: 5 })).body).toMatchObject({
      serviceChargeOptionsDelivery: 'ENFORCED',
      defaultServiceChargeDelivery: 5,
    });
    expect((await api<MerchantBranchSettings>('PUT', 'merchant/basket', { serviceChargeOptionsDelivery: 'PASSIVE', defaultServiceChargeDelivery: 5 })).body).toMatchObject({
      serviceChargeOptionsDelivery: 'PASSIVE',
      defaultServiceChargeDelivery: null,
    });
  });
});

describe('storefront: closed or open by the schedules (Europe/London)', () => {
  it('member view and isstoreclosed follow the day hours, and delivery its own hours', async () => {
    const view = (now: string) => memberView({ merchantAccountId: account, merchantBranchId: branch }, 'ACTIVE', row, new Date(now));
    await api('PUT', 'merchant/schedules', flatSchedule(everyDay('11:00', '23:00', { openHour: '17:00', closeHour: '22:00' })));
    await api('PUT', 'merchant/basket', { scheduledForDelivery: true, minimumDeliveryDeliveryDuration: 30, serviceChargeOptions: 'ENFORCED', defaultServiceCharge: 10 });
    const [row] = await t.db.select().from(branchSettings);
    expect(view('2026-11-23T12:00:00Z')).toMatchObject({ storeClosed: false, closed: false, deliveryClosed: true, todayHours: '11:00 - 23:00', serviceChargeOptions: 'ENFORCED', defaultServiceCharge: 10 });
    expect(view('2026-11-23T20:50:00Z').orderTimeForDelivery.map((s) => s.name)).toEqual(['21:30', '21:45', '22:00']);
    expect(view('2026-11-23T23:30:00Z')).toMatchObject({ storeClosed: true, openHourMessage: 'The store is closed now.' });
    expect(view('2026-11-23T09:00:00Z')).toMatchObject({ storeClosed: true, openHourMessage: 'Closed now. Opens at 11:00.' });
  });

  it('a store whose hours exclude now is closed on the public calls; all-day hours open it again; PASSIVE closes it', async () => {
    const now = new Date();
    const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(now);
    const h = Number(london);
    // A one-hour window that ended an hour ago (today), so "now" is outside it whatever the time.
    const pad = (n: number) => String((n + 24) % 24).padStart(2, '0');
    await api('PUT', 'merchant/schedules', flatSchedule(everyDay(`${pad(h - 2)}:00`, `${pad(h - 1)}:00`)));
    const pub = (path: string) => t.json<MemberBranchSettings & { storeClosed: boolean }>('GET', `/api/${S}${path}`);
    expect((await pub(`isstoreclosed/branchId/${branch}`)).body).toEqual({ storeClosed: true });
    expect((await pub(`member/merchantBranchId/${branch}`)).body).toMatchObject({ storeClosed: true, closed: true });
    await api('PUT', 'merchant/schedules', flatSchedule(everyDay('00:00', '00:00')));
    expect((await pub(`isstoreclosed/branchId/${branch}`)).body).toEqual({ storeClosed: false });
    await t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(eq(merchantBranch.id, branch));
    try {
      expect((await pub(`isstoreclosed/branchId/${branch}`)).body).toEqual({ storeClosed: true });
    } finally {
      await t.db.update(merchantBranch).set({ status: 'ACTIVE' }).where(eq(merchantBranch.id, branch));
    }
  });
});
