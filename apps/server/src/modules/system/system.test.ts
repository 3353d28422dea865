import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type TestApp, createTestApp } from '../../test/harness';
import { ROLE, addMerchantUser } from '../../test/fixtures';

type MenuItem = { id: number; parentId: number | null; description: string; href: string | null; icon: string | null };

let t: TestApp;
let owner: { accessToken: string; userDTO: { merchantAccountId: number; merchantBranchId: number } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('merchant');
  for (const [userName, roleId] of [
    ['staff', ROLE.accountUser],
    ['clerk', ROLE.clerk],
    ['kitchen', ROLE.kitchen],
  ] as const) {
    await addMerchantUser(t.db, {
      merchantAccountId: owner.userDTO.merchantAccountId,
      merchantBranchId: owner.userDTO.merchantBranchId,
      userName,
      password: 'Staff1234',
      roleIds: [roleId],
    });
  }
});
afterAll(() => t.close());

const merchantToken = async (userName: string) => (await t.signIn('merchant', { domainName: 'demo-bistro', userName, password: 'Staff1234' })).accessToken;
const menu = (token?: string) => t.json<MenuItem[]>('GET', '/api/merchant/menu', undefined, token);
/** The menu as the home page groups it: each heading with the tiles under it. */
const grouped = (items: MenuItem[]) =>
  items
    .filter((i) => i.parentId === null)
    .map((g) => ({ group: g.description, tiles: items.filter((i) => i.parentId === g.id).map((i) => `${i.description} ${i.href}`) }));

describe('system', () => {
  it('health is UP while the database answers', async () => {
    const up = await t.json('GET', '/api/actuator/health');
    expect(up).toMatchObject({ status: 200, body: { status: 'UP' } });
  });

  it('system parameters are public and carry the version', async () => {
    const res = await t.json('GET', '/api/systemparams/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ showCaptcha: false, testEnvironment: true, version: '1.4.6' });
  });

  it('the admin menu has the three groups of tiles of the home page', async () => {
    const admin = await t.signIn('admin');
    const res = await menu(admin.accessToken);
    expect(res.status).toBe(200);
    expect(grouped(res.body)).toEqual([
      { group: 'Merchant Accounts and Users', tiles: ['Merchant Accounts #/merchantAccountList', 'Admin Users #/adminUserList'] },
      {
        group: 'Settings and Data',
        tiles: ['Mail Settings #/mailSettings', 'Licenses #/licenses', 'Data Upload #/dataUpload', 'Qr Code #/barcodeGenerator', 'Till Connections #/tillConnections', 'Postcode Gazetteer #/gazetteer'],
      },
      { group: 'Reports', tiles: ['Admin Sale Report #/adminSaleReport'] },
    ]);
  });

  /** The Catalogue tiles of a menu, and whether any admin heading leaked into it. */
  const catalogue = (items: MenuItem[]) => {
    const groups = grouped(items);
    const adminHeadings = groups.filter((g) => ['Merchant Accounts and Users', 'Settings and Data', 'Reports'].includes(g.group));
    return { tiles: groups.find((g) => g.group === 'Catalogue')?.tiles ?? null, adminHeadings };
  };

  it('the owner sees Catalogue → Taxes and nothing of the admin menu', async () => {
    const res = await menu(owner.accessToken);
    expect(res.status).toBe(200);
    expect(catalogue(res.body)).toEqual({ tiles: expect.arrayContaining(['Taxes #/taxSave']), adminHeadings: [] });
  });

  it('a user who may only view taxes still sees Taxes', async () => {
    const res = await menu(await merchantToken('staff'));
    expect(catalogue(res.body)).toEqual({ tiles: expect.arrayContaining(['Taxes #/taxSave']), adminHeadings: [] });
  });

  it('the owner sees every catalogue screen that is built', async () => {
    const res = await menu(owner.accessToken);
    expect(catalogue(res.body).tiles).toEqual([
      'Taxes #/taxSave',
      'Departments #/departmentList',
      'Products #/productList',
      'Product Groups #/productGroupSave',
      'Product Tags #/productTagSave',
      'Suppliers #/supplier',
      'Web Menus #/webMenuList',
      'Mix and Match #/mixAndMatchList',
      'Customers #/customer',
    ]);
  });

  it('a clerk, who views the catalogue but not taxes, sees the catalogue tiles without Taxes', async () => {
    const res = await menu(await merchantToken('clerk'));
    expect(res.status).toBe(200);
    expect(catalogue(res.body)).toEqual({ tiles: expect.arrayContaining(['Departments #/departmentList', 'Products #/productList']), adminHeadings: [] });
    expect(res.body.filter((i) => i.href === '#/taxSave')).toEqual([]);
  });

  it('a user without any catalogue privilege sees no Catalogue heading at all', async () => {
    const res = await menu(await merchantToken('kitchen'));
    expect(res.status).toBe(200);
    expect(catalogue(res.body)).toEqual({ tiles: null, adminHeadings: [] });
    expect(res.body.filter((i) => i.href === '#/taxSave')).toEqual([]);
  });

  it('the live order screens show to the users with a part in order handling (the kitchen), not to a catalogue viewer', async () => {
    const orders = (items: MenuItem[]) => grouped(items).find((g) => g.group === 'Orders')?.tiles ?? null;
    expect(orders((await menu(await merchantToken('kitchen'))).body)).toEqual(['Open Orders #/orders', 'Order History #/orderHistory']);
    expect(orders((await menu(await merchantToken('staff'))).body)).toBeNull();
  });

  it('the menu needs a signed-in user', async () => {
    const res = await menu();
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ type: 'ERROR', details: 'Your session has ended. Please sign in again.' });
    expect((await menu('not.a.token')).status).toBe(401);
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/storemanagement/tax/create', '/api/storemanagement/tax/update', '/api/v1/auth/login', '/api/adminuser/security/login']),
    );
    const create = res.body.paths['/api/storemanagement/tax/create'].post;
    expect(JSON.stringify(create.requestBody)).toContain('"rate"');
  });

  it('an unknown API path answers 404 with a typed body', async () => {
    const res = await t.json('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ type: 'ERROR', details: 'Error' });
  });

  it('health reports DOWN (503) when the database does not answer', async () => {
    const failing = new Proxy(t.db, {
      get: (target, prop, receiver) => (prop === 'execute' ? () => Promise.reject(new Error('connection lost')) : Reflect.get(target, prop, receiver)),
    });
    const broken = await buildApp({ db: failing, config: testConfig(), mail: null });
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/actuator/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'DOWN' });
    } finally {
      await broken.app.close();
    }
  });
});
