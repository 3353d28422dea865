import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS } from '@tillpoint/contracts/basket-paths';
import type { OrderEvent } from '@tillpoint/contracts/order-handling';
import { type AppContext, buildApp } from '../../app';
import { testConfig } from '../../config';
import { DEMO, loadDemoData } from '../../db/demo-data';
import { type OpenDb, openDb } from '../../db/open-db';
import { applyReferenceData } from '../../db/reference-data';
import { testHash } from '../../test/fixtures';
import { engine } from '../../test/harness';
import { openSse } from '../../test/sse-reader';
import { queryRows } from '../../db/rows';

/**
 * Two server instances on one PostgreSQL database (issue 12, ARCHITECTURE §4): each with its own pool
 * and its own LISTEN connection, as two processes would have. PGlite has no second connection to
 * share, so this runs in the server-postgres project only.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const runs = engine === 'postgres' && !!adminUrl;
if (!runs) console.log('two-instances.test.ts skipped: it needs PostgreSQL (the server-postgres project, with TEST_DATABASE_URL set).');

const B = '/api/storemanagement/order/';

describe.skipIf(!runs)('two server instances on one PostgreSQL database', () => {
  const name = `tp_two_${randomBytes(5).toString('hex')}`;
  const dbs: OpenDb[] = [];
  const apps: AppContext[] = [];
  const bases: string[] = [];
  let token = '';
  let branchId = 0;
  let items: number[] = [];
  let n = 0;

  const call = async <T>(base: string, method: string, path: string, body?: unknown, bearer?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  /** A customer's order, from the first item to the placed order, all through one instance's API. */
  async function placeThrough(base: string) {
    n += 1;
    const added = await call<{ bssId: string }>(base, 'PUT', `/api/${BASKET_PATHS.addItem}`, { merchantBranchId: branchId, basketBssId: null, orderType: 'Collection', webMenuBssId: items[n % items.length], quantity: 1 });
    expect(added.status).toBe(200);
    const placed = await call<{ id: number; orderNo: number }>(base, 'POST', `/api/${BASKET_PATHS.place}`, {
      id: added.body.bssId,
      merchantBranchId: branchId,
      orderType: 'Collection',
      paymentType: 'PAY AT COUNTER',
      firstName: 'Two',
      lastName: `Instances ${n}`,
      email: `two-${n}@example.test`,
      mobilePhone: '07700 900123',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body;
  }

  const ticketFrom = async (base: string) => (await call<{ ticket: string }>(base, 'POST', `${B}events/ticket`, undefined, token)).body.ticket;
  const streamOn = async (base: string, lastEventId?: number) =>
    openSse(`${base}${B}events?ticket=${encodeURIComponent(await ticketFrom(bases[0]))}`, lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) dbs.push(await openDb({ databaseUrl: url.toString(), dataDir: null }));
    await applyReferenceData(dbs[0].db);
    await loadDemoData(dbs[0].db, testHash);
    const [b] = await queryRows<{ a: number; b: number }>(dbs[0].db, sql`select merchant_account_id as a, id as b from merchant_branch where domain_name = 'demo-bistro'`);
    branchId = b.b;
    // Collection at the counter, at any hour; automation off, so every change below is one we make.
    await dbs[0].db.execute(sql`insert into branch_settings (merchant_account_id, merchant_branch_id, web_order_payment_options, auto_order_confirm, auto_kitchen)
      values (${b.a}, ${b.b}, 'PAY AT COUNTER (COLLECTION)', false, false)
      on conflict (merchant_account_id, merchant_branch_id) do update set web_order_payment_options = excluded.web_order_payment_options, opening_hours = null, auto_order_confirm = false, auto_kitchen = false`);
    items = (await queryRows<{ id: number }>(dbs[0].db, sql`select w.id from web_menu w join product p on p.merchant_account_id = w.merchant_account_id and p.id = w.product_id
        join department d on d.merchant_account_id = p.merchant_account_id and d.id = p.department_id
        where w.merchant_branch_id = ${b.b} and not w.has_sub_menu and w.status = 'ACTIVE' and not d.age_restricted
          and coalesce(w.grp_content, w.grp_content_x, w.grp_main, w.grp_option1, w.grp_option2, w.grp_option3, w.grp_option4) is null
        order by w.id limit 10`,
    )).map((r) => r.id);
    for (const opened of dbs) {
      const ctx = await buildApp({ db: opened.db, config: testConfig(), mail: null });
      apps.push(ctx);
      bases.push(await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
    }
    const login = await call<{ code: string }>(bases[0], 'POST', '/api/v1/auth/login', DEMO.merchant);
    token = (await call<{ accessToken: string }>(bases[0], 'POST', `/api/v1/auth/tokens/code/${login.body.code}`)).body.accessToken;
  });

  afterAll(async () => {
    for (const a of apps) await a.app.close();
    for (const d of dbs) await d.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('an order placed through one instance appears within a second on a stream of the other', async () => {
    expect(bases[0]).not.toBe(bases[1]);
    const onB = await streamOn(bases[1]);
    expect(onB.status).toBe(200);
    const order = await placeThrough(bases[0]);
    const m = await onB.waitFor((x) => (JSON.parse(x.data) as OrderEvent).orderId === order.id, 1000);
    expect(JSON.parse(m.data)).toMatchObject({ orderId: order.id, kind: 'ORDER_CREATED', orderStatus: 'ORDER_PLACED' });
    // And the other way round: an action on B reaches a stream on A.
    const onA = await streamOn(bases[0]);
    expect((await call(bases[1], 'PUT', `${B}accept/id/${order.id}`, undefined, token)).status).toBe(200);
    await onA.waitFor((x) => JSON.parse(x.data).orderId === order.id && JSON.parse(x.data).orderStatus === 'ORDER_ACCEPTED', 1000);
    await onA.close();
    await onB.close();
  });

  it('a killed stream reconnects with Last-Event-ID and misses nothing that happened meanwhile, on either instance', async () => {
    const first = await streamOn(bases[1]);
    const before = await placeThrough(bases[0]);
    const seen = await first.waitFor((x) => JSON.parse(x.data).orderId === before.id, 1000);
    await first.close();
    // While no stream is open: orders placed and moved through both instances.
    const missed = [await placeThrough(bases[0]), await placeThrough(bases[1])];
    for (const o of missed) expect((await call(bases[o === missed[0] ? 1 : 0], 'PUT', `${B}accept/id/${o.id}`, undefined, token)).status).toBe(200);
    const expected = (await queryRows<{ id: number }>(dbs[0].db, sql`select id from order_event where merchant_branch_id = ${branchId} and id > ${Number(seen.id)} order by id`,
    )).map((r) => String(r.id));
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const back = await streamOn(bases[1], Number(seen.id));
    await back.waitFor((x) => x.id === expected[expected.length - 1], 1000);
    expect(back.messages.map((x) => x.id)).toEqual(expected);
    // And it is live again after the catch-up.
    const after = await placeThrough(bases[0]);
    await back.waitFor((x) => JSON.parse(x.data).orderId === after.id, 1000);
    await back.close();
  });
});
