import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberMenuItem } from '@tillpoint/contracts/web-menu';
import { type AppContext, buildApp } from '../../app';
import { testConfig } from '../../config';
import { DEMO, loadDemoData } from '../../db/demo-data';
import { type OpenDb, openDb } from '../../db/open-db';
import { applyReferenceData } from '../../db/reference-data';
import { testHash } from '../../test/fixtures';
import { engine } from '../../test/harness';
import { queryRows } from '../../db/rows';

/**
 * The storefront menu's in-process cache (platform/store-changes.ts) with two server instances on one
 * PostgreSQL database, each with its own pool and LISTEN connection as two processes would have: a
 * repeated call is served from the cache, and a change made through one instance is seen by the very
 * next call of the other. PGlite has no second connection to share, so this runs on PostgreSQL only.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const runs = engine === 'postgres' && !!adminUrl;
if (!runs) console.log('web-menu-cache.test.ts skipped: it needs PostgreSQL (the server-postgres project, with TEST_DATABASE_URL set).');

const M = '/api/storemanagement/webmenumember/status/active/member/';

describe.skipIf(!runs)('the storefront menu cache with two server instances on one PostgreSQL database', () => {
  const name = `tp_menu_${randomBytes(5).toString('hex')}`;
  const dbs: OpenDb[] = [];
  const apps: AppContext[] = [];
  const bases: string[] = [];
  let url = '';
  let token = '';
  let branchId = 0;
  let category = { id: 0, name: '' };
  let item = { id: 0, name: '' };

  const call = async <T>(base: string, method: string, path: string, opts: { body?: unknown; bearer?: string; etag?: string } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {}),
        ...(opts.etag ? { 'if-none-match': opts.etag } : {}),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    return { status: res.status, etag: res.headers.get('etag'), body: (text ? JSON.parse(text) : null) as T };
  };
  const names = async (base: string, path: string) => (await call<MemberMenuItem[]>(base, 'GET', path)).body.map((i) => i.name);

  /** Changes the database without its triggers firing (a replica session): no instance hears of it. */
  async function unannounced(statement: string) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`set session_replication_role = replica; ${statement}`);
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl as string);
    u.pathname = `/${name}`;
    url = u.toString();
    for (let i = 0; i < 2; i++) dbs.push(await openDb({ databaseUrl: url, dataDir: null }));
    await applyReferenceData(dbs[0].db);
    await loadDemoData(dbs[0].db, testHash);
    [{ id: branchId }] = await queryRows<{ id: number }>(dbs[0].db, sql`select id from merchant_branch where domain_name = 'demo-bistro'`);
    [category] = await queryRows<{ id: number; name: string }>(dbs[0].db, sql`select c.id, c.name from web_menu c where c.merchant_branch_id = ${branchId} and c.parent_id is null and c.status = 'ACTIVE'
        and exists (select 1 from web_menu i where i.merchant_account_id = c.merchant_account_id and i.parent_id = c.id and not i.has_sub_menu and i.status = 'ACTIVE')
        order by c.id limit 1`,
    );
    [item] = await queryRows<{ id: number; name: string }>(dbs[0].db, sql`select id, name from web_menu where parent_id = ${category.id} and not has_sub_menu and status = 'ACTIVE' order by id limit 1`,
    );
    for (const opened of dbs) {
      const ctx = await buildApp({ db: opened.db, config: testConfig(), mail: null });
      apps.push(ctx);
      bases.push(await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
    }
    const login = await call<{ code: string }>(bases[0], 'POST', '/api/v1/auth/login', { body: DEMO.merchant });
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

  it('a repeated call is served from the cache, and a change through one instance is seen by the next call of the other', async () => {
    const items = `${M}${branchId}/${category.id}`;
    // Both instances listening and warmed: the first calls start the LISTEN, the next ones are kept.
    for (const base of bases) for (let i = 0; i < 3; i++) expect(await names(base, items)).toContain(item.name);
    const cached = await call<MemberMenuItem[]>(bases[1], 'GET', items);

    // A rename no trigger announces: both instances keep answering from their caches, 304 included.
    await unannounced(`update web_menu set name = 'Unannounced' where id = ${item.id}`);
    for (const base of bases) expect(await names(base, items)).toContain(item.name);
    expect((await call(bases[1], 'GET', items, { etag: cached.etag ?? '' })).status).toBe(304);

    // The item set PASSIVE through instance A: instance B's very next call no longer shows it.
    const passive = await call(bases[0], 'PUT', `/api/storemanagement/webmenu/${item.id}/status/PASSIVE`, { bearer: token });
    expect(passive.status).toBe(200);
    const onB = await call<MemberMenuItem[]>(bases[1], 'GET', items);
    expect(onB.body.map((i) => i.id)).not.toContain(item.id);
    expect(onB.etag).not.toBe(cached.etag);
    expect((await call(bases[1], 'GET', items, { etag: cached.etag ?? '' })).status).toBe(200);

    // Back to ACTIVE through B: A's next call shows it again, with the name the database now holds.
    expect((await call(bases[1], 'PUT', `/api/storemanagement/webmenu/${item.id}/status/ACTIVE`, { bearer: token })).status).toBe(200);
    expect(await names(bases[0], items)).toContain('Unannounced');
    // Home (shortcuts) follows a change straight in SQL too: the triggers announce it whoever makes it.
    const home = `${M}shortcuts/${branchId}`;
    expect(await names(bases[1], home)).toContain(category.name);
    await dbs[0].db.execute(sql`update web_menu set name = 'Renamed in SQL' where id = ${category.id}`);
    expect(await names(bases[1], home)).toContain('Renamed in SQL');
  });
});
