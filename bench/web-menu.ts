/**
 * The web menu part of npm run bench (issue 9): a storefront menu of 2,000 items in 40 categories
 * in the demo store, on PostgreSQL at 50 connections. The storefront's home (shortcuts) and category
 * calls are loaded with autocannon, then the category call again with its ETag (answered 304), each
 * beside a raw baseline: a bare node:http handler running the very SQL the route runs (captured from
 * Drizzle's query log while the real route answered once), through `pg`. Target: p99 ≤ 20 ms.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { withScratchDatabase } from './scratch-database';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { loadDemoData } from '../apps/server/src/db/demo-data';
import { type Db, openDb } from '../apps/server/src/db/open-db';
import { applyReferenceData } from '../apps/server/src/db/reference-data';
import * as schema from '../apps/server/src/db/schema';
import type { BenchKit } from './catalogue';

const CATEGORIES = 40;
const ITEMS_PER_CATEGORY = 50;
const CONNECTIONS = 50;
const TARGET_P99_MS = 20;
type Statement = { query: string; params: unknown[] };
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** 40 categories under the top level, each with 50 items over the demo's products (set-based inserts). */
export async function seedMenu(db: Db) {
  const [b] = rowsOf<{ a: number; b: number }>(await db.execute(sql`select merchant_account_id as a, id as b from merchant_branch where domain_name = 'demo-bistro'`));
  await db.execute(sql`delete from web_menu_product_tag where merchant_account_id = ${b.a}`);
  await db.execute(sql`delete from web_menu where merchant_account_id = ${b.a} and parent_id is not null`);
  await db.execute(sql`delete from web_menu where merchant_account_id = ${b.a}`);
  await db.execute(sql`insert into web_menu (merchant_account_id, merchant_branch_id, name, has_sub_menu, menu_display_no)
    select ${b.a}, ${b.b}, 'Category ' || g, true, g from generate_series(1, ${CATEGORIES}) g`);
  await db.execute(sql`insert into web_menu (merchant_account_id, merchant_branch_id, parent_id, product_id, name, longname, has_sub_menu, menu_display_no)
    select ${b.a}, ${b.b}, c.id, p.id, p.name || ' ' || i, p.name, false, i
    from (select id, row_number() over (order by id) as n from web_menu where merchant_account_id = ${b.a} and parent_id is null) c
    cross join generate_series(1, ${ITEMS_PER_CATEGORY}) i
    join lateral (select id, name from product where merchant_account_id = ${b.a} and merchant_branch_id = ${b.b}
      order by id offset ((c.n * ${ITEMS_PER_CATEGORY} + i) % (select count(*) from product where merchant_account_id = ${b.a})) limit 1) p on true`);
  await db.execute(sql`analyze`);
  const [category] = rowsOf<{ id: number }>(await db.execute(sql`select id from web_menu where merchant_account_id = ${b.a} and parent_id is null order by menu_display_no limit 1 offset 7`));
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from web_menu where merchant_account_id = ${b.a} and has_sub_menu = false`));
  return { branchId: b.b, categoryId: category.id, items: count.n };
}

function rawServer(routes: Record<string, () => Promise<unknown>>) {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const route = routes[req.url ?? ''];
    if (!route) return void res.writeHead(404).end();
    try {
      const last = await route();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rowsOf(last) ?? last));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  return new Promise<{ base: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve({ base: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

export async function benchWebMenu(kit: BenchKit) {
  await withScratchDatabase(kit.pgUrl, 'the web menu bench', async (dbUrl) => {
    const url = new URL(dbUrl);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
    // pool.end() resolves before its connections have closed; the scratch database's drop (with force)
    // can then end one, and an error event with no listener would end the bench.
    pool.on('error', () => undefined);
    try {
      const opened = await openDb({ databaseUrl: url.toString(), dataDir: null });
      await applyReferenceData(opened.db);
      await loadDemoData(opened.db);
      const seeded = await seedMenu(opened.db);
      await opened.close();
      const home = `/api/storemanagement/webmenumember/status/active/member/shortcuts/${seeded.branchId}`;
      const category = `/api/storemanagement/webmenumember/status/active/member/${seeded.branchId}/${seeded.categoryId}`;

      // The routes' SQL, captured from the real routes answering once through a logging Drizzle.
      const capture = async (path: string) => {
        const log: Statement[] = [];
        const db = drizzlePg(pool, { schema, logger: { logQuery: (query, params) => log.push({ query, params }) } }) as unknown as Db;
        const ctx = await buildApp({ db, config: testConfig(), mail: null });
        await ctx.app.ready();
        const res = await ctx.app.inject({ method: 'GET', url: path });
        await ctx.app.close();
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
        return { log, etag: String(res.headers.etag), body: res.json() as unknown[] };
      };
      const captured = { home: await capture(home), category: await capture(category) };

      const server = await kit.startServer({ DATABASE_URL: url.toString() });
      const results: { name: string; api: Awaited<ReturnType<BenchKit['load']>>; raw?: Awaited<ReturnType<BenchKit['load']>> }[] = [];
      try {
        const again = await fetch(`${server.base}${category}`, { headers: { 'if-none-match': captured.category.etag } });
        if (again.status !== 304) throw new Error(`a repeated category call with its ETag answered ${again.status}, not 304`);
        results.push({ name: `home: shortcuts (${captured.home.body.length} categories)`, api: await kit.load('home', { url: `${server.base}${home}`, connections: CONNECTIONS }) });
        results.push({ name: `category: ${captured.category.body.length} items`, api: await kit.load('category', { url: `${server.base}${category}`, connections: CONNECTIONS }) });
        results.push({
          name: 'category again with its ETag (304)',
          api: await kit.load('category 304', { url: `${server.base}${category}`, connections: CONNECTIONS, headers: { 'if-none-match': captured.category.etag } }),
        });
      } finally {
        await server.stop();
      }
      const replay = async (log: Statement[]) => {
        let last: unknown;
        for (const s of log) last = await pool.query(s.query, s.params);
        return last;
      };
      const raw = await rawServer({ '/home': () => replay(captured.home.log), '/category': () => replay(captured.category.log) });
      try {
        results[0].raw = await kit.load('raw home', { url: `${raw.base}/home`, connections: CONNECTIONS });
        results[1].raw = await kit.load('raw category', { url: `${raw.base}/category`, connections: CONNECTIONS });
      } finally {
        await raw.close();
      }
      console.log(`\nPostgreSQL: storefront menu of ${seeded.items.toLocaleString('en-GB')} items in ${CATEGORIES} categories, ${CONNECTIONS} connections (target p99 ≤ ${TARGET_P99_MS} ms)`);
      for (const r of results) {
        const ok = r.api.p99 <= TARGET_P99_MS ? 'ok' : 'OVER';
        // autocannon counts a 304 as a non-2xx reply: on the ETag row those are the expected answers.
        const note = r.name.includes('304') ? `  (${r.api.errors} replies 304)` : r.api.errors ? ` (${r.api.errors} errors)` : '';
        const rawText = r.raw ? `   raw ${r.raw.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.raw.p99).padStart(4)} ms   ratio ${(r.api.rps / r.raw.rps).toFixed(2)}` : '';
        console.log(
          `  ${r.name.padEnd(40)} ${r.api.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.api.p99).padStart(4)} ms ${ok}${note}${rawText}`,
        );
      }
    } finally {
      await pool.end();
    }
  });
}
