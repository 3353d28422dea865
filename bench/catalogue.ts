/**
 * The catalogue part of npm run bench (issue 8): 100,000 products in the demo store and 10 other
 * stores with 10,000 each, on PGlite and on PostgreSQL; then, at the bench's connection count, the
 * product table load (name contains, sorted by name), the name autocomplete, the barcode lookup and
 * a product save, each beside a raw baseline: a bare node:http handler running the very SQL the
 * route runs (captured from Drizzle's query log while the real repo functions ran once), through
 * `pg` (PostgreSQL) or the PGlite client, in a transaction where the app opens one and prepared where
 * the app prepares. Throughput is printed as a ratio to that baseline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withScratchDatabase } from './scratch-database';
import { productInputSchema } from '../packages/contracts/src/product';
import { loadDemoData } from '../apps/server/src/db/demo-data';
import { type Db, openDb } from '../apps/server/src/db/open-db';
import { applyReferenceData } from '../apps/server/src/db/reference-data';
import * as schema from '../apps/server/src/db/schema';
import { autocompleteProducts, listProducts, productByBarcode } from '../apps/server/src/modules/catalogue/products.repo';
import { saveProduct } from '../apps/server/src/modules/catalogue/products.service';
import { queryRows } from '../apps/server/src/db/rows';

type Result = { name: string; rps: number; p99: number; errors: number };
export type BenchKit = {
  pgUrl: string;
  startServer: (env: Record<string, string>) => Promise<{ base: string; stop: () => Promise<void> }>;
  load: (name: string, opts: autocannon.Options) => Promise<Result>;
  signIn: (base: string) => Promise<string>;
};

const MAIN_PRODUCTS = 100_000;
const OTHER_STORES = 10;
const OTHER_PRODUCTS = 10_000;
const SEARCH = 'salmon';
const PREFIX = 'salm';
const BARCODE = String(30_000_000_000_000 + 54_321);

/** The rows of a raw client's answer (the baselines' pg and PGlite clients). */
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A statement as Drizzle sent it. */
type Statement = { query: string; params: unknown[]; prepared?: boolean };

const isTransactionEdge = (s: Statement) => /^(begin|commit)$/i.test(s.query.trim());


/** Product names people would type: adjective, dish and a number so every name is distinct. */
const NAME = sql.raw(`(array['Smoked','Spicy','Grilled','Roast','Crispy','Fresh','Classic','Vegan','Mini','Large','Glazed','Toasted','Iced','Sparkling','Organic','House','Chef''s','Baked','Pickled','Steamed'])[1 + g % 20]
  || ' ' || (array['Chicken','Salmon','Burger','Halloumi','Latte','Cola','Brownie','Risotto','Pasta','Curry','Salad','Wrap','Soup','Pizza','Tart','Cheddar','Olives','Noodles','Tofu','Steak','Lamb','Prawns','Muffin','Bagel','Smoothie'])[1 + (g / 20) % 25]
  || ' ' || g`);

/** Seeds the bulk catalogue with set-based inserts (seconds, not minutes). */
async function seed(db: Db) {
  const [demo] = await queryRows<{ a: number; b: number }>(db, sql`select merchant_account_id as a, id as b from merchant_branch where domain_name = 'demo-bistro'`);
  const stores = [{ a: demo.a, b: demo.b, n: MAIN_PRODUCTS, offset: 30_000_000_000_000 }];
  for (let i = 0; i < OTHER_STORES; i++) {
    const [acc] = await queryRows<{ id: number }>(db, sql`insert into merchant_account (trading_name, business_name, company_no, vat_no) values (${`Bench ${i}`}, ${`Bench ${i} Ltd`}, ${1000 + i}, 'GB1') returning id`);
    const [br] = await queryRows<{ id: number }>(db, sql`insert into merchant_branch (merchant_account_id, trading_name, business_name, vat_no, domain_name) values (${acc.id}, ${`Bench ${i}`}, 'x', 'GB1', ${`bench-${i}`}) returning id`);
    stores.push({ a: acc.id, b: br.id, n: OTHER_PRODUCTS, offset: 31_000_000_000_000 });
  }
  for (const s of stores) {
    const [t] = await queryRows<{ id: number }>(db, sql`insert into tax (merchant_account_id, merchant_branch_id, name, rate_bp) values (${s.a}, ${s.b}, 'Bench VAT', 2000) returning id`);
    const [d] = await queryRows<{ id: number }>(db, sql`insert into department (merchant_account_id, merchant_branch_id, name, tax_id) values (${s.a}, ${s.b}, 'Bench', ${t.id}) returning id`);
    await db.execute(sql`insert into product (merchant_account_id, merchant_branch_id, name, barcode, department_id, price, web_price)
      select ${s.a}, ${s.b}, ${NAME}, (${s.offset}::bigint + g)::text, ${d.id}, 100 + g % 2000, 100 + g % 2000 from generate_series(1, ${s.n}) g`);
  }
  // Vacuumed as well as analysed: autovacuum marks a bulk import's pages all-visible soon after it in
  // production, and that state lets the planner answer from an index alone (PGlite never vacuums by itself).
  await db.execute(sql`vacuum analyze`);
  return { merchantAccountId: demo.a, merchantBranchId: demo.b };
}

/**
 * Runs each route's repo function once through a logging Drizzle and keeps its statements, BEGIN and
 * COMMIT included. `preparedTexts` tells which of them the app prepared (PostgreSQL's
 * pg_prepared_statements on the capture's one connection), so that the baseline prepares the same.
 */
async function captureSql(logged: (log: Statement[]) => Db, scope: { merchantAccountId: number; merchantBranchId: number }, preparedTexts: () => Promise<Set<string>>) {
  const capture = async (run: (db: Db) => Promise<unknown>) => {
    const log: Statement[] = [];
    await run(logged(log));
    return log;
  };
  const tableLoad = await capture((db) =>
    listProducts(db, scope, { filter: [{ name: 'name', value: SEARCH, filterMatchMode: 'contains' }], sort: [{ name: 'name', ascending: true }], pageNumber: 0, limit: 10 }),
  );
  const autocomplete = await capture((db) => autocompleteProducts(db, scope, PREFIX));
  const barcode = await capture((db) => productByBarcode(db, scope, BARCODE));
  const target = await productByBarcode(logged([]), scope, BARCODE);
  if (!target) throw new Error('bench product missing');
  const input = productInputSchema.parse({ ...target, name: `${target.name}` });
  const save = await capture((db) => saveProduct(db, scope, target.id, input));
  const prepared = await preparedTexts();
  for (const s of [...tableLoad, ...autocomplete, ...barcode, ...save]) s.prepared = prepared.has(s.query);
  return { tableLoad, autocomplete, barcode, save, target };
}

/** A bare node:http server: each path runs its handler (the route's statements) and sends the last result as JSON. */
function rawServer(routes: Record<string, () => Promise<unknown>>) {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const route = routes[req.url ?? ''];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
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
      const port = typeof a === 'object' && a ? a.port : 0;
      resolve({ base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

/** Runs statements one after the other and returns the last result that is not BEGIN or COMMIT. */
async function replay(log: Statement[], exec: (s: Statement) => Promise<unknown>) {
  let last: unknown;
  for (const s of log) {
    const result = await exec(s);
    if (!isTransactionEdge(s)) last = result;
  }
  return last;
}

/** The statements the app prepared, by their text (pg_prepared_statements of the one connection `query` uses). */
const preparedOn = (query: (text: string) => Promise<unknown>) => async () =>
  new Set(rowsOf<{ statement: string }>(await query('select statement from pg_prepared_statements')).map((r) => r.statement));

/**
 * Loads each route on the app, then its raw baseline. `together` (PostgreSQL): both servers are up
 * and each route's baseline runs right after it, so both meet the database in the same state (the
 * saves' writes, autovacuum); PGlite's data folder opens in one process at a time, so its baselines
 * run after the app has stopped.
 */
async function measure(
  kit: BenchKit,
  label: string,
  serverEnv: Record<string, string>,
  raw: () => Promise<{ base: string; close: () => Promise<void> }>,
  captured: Awaited<ReturnType<typeof captureSql>>,
  together: boolean,
) {
  const server = await kit.startServer(serverEnv);
  let baseline = together ? await raw() : undefined;
  const results: { name: string; path: string; api: Result; raw?: Result }[] = [];
  const loadRaw = (path: string) => kit.load(`raw ${path}`, { url: `${baseline?.base}${path}` });
  try {
    const token = await kit.signIn(server.base);
    const auth = { authorization: `Bearer ${token}` };
    const json = { 'content-type': 'application/json', ...auth };
    const P = `${server.base}/api/storemanagement/product/`;
    const routes: { name: string; path: string; opts: autocannon.Options }[] = [
      {
        name: `table load: name contains '${SEARCH}', by name`,
        path: '/tableLoad',
        opts: {
          url: `${P}all`,
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ filter: [{ name: 'name', value: SEARCH, filterMatchMode: 'contains' }], sort: [{ name: 'name', ascending: true }], pageNumber: 0, limit: 10 }),
        },
      },
      { name: `autocomplete: GET name/${PREFIX}`, path: '/autocomplete', opts: { url: `${P}name/${PREFIX}`, headers: auth } },
      { name: 'barcode lookup: GET barcode/{barcode}', path: '/barcode', opts: { url: `${P}barcode/${BARCODE}`, headers: auth } },
      { name: 'product save: PUT update (one product)', path: '/save', opts: { url: `${P}update`, method: 'PUT', headers: json, body: JSON.stringify({ ...captured.target }) } },
    ];
    for (const r of routes) {
      const api = await kit.load(r.name, r.opts);
      results.push({ name: r.name, path: r.path, api, raw: baseline ? await loadRaw(r.path) : undefined });
    }
  } finally {
    await server.stop();
  }
  try {
    if (!baseline) {
      baseline = await raw();
      for (const r of results) r.raw = await loadRaw(r.path);
    }
  } finally {
    await baseline?.close();
  }
  console.log(`\n${label}: catalogue of ${MAIN_PRODUCTS.toLocaleString('en-GB')} products (+ ${OTHER_STORES} stores × ${OTHER_PRODUCTS.toLocaleString('en-GB')}), vacuumed and analysed`);
  for (const r of results) {
    const ratio = r.raw ? (r.api.rps / r.raw.rps).toFixed(2) : '-';
    console.log(
      `  ${r.name.padEnd(44)} ${r.api.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.api.p99).padStart(4)} ms${r.api.errors ? ` (${r.api.errors} errors)` : ''}   raw ${r.raw?.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.raw?.p99).padStart(4)} ms   ratio ${ratio}`,
    );
  }
}

export async function benchCatalogue(kit: BenchKit) {
  // PGlite: seed and capture in this process, run the server on the folder, then replay in this process.
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-bench-catalogue-'));
  try {
    let captured: Awaited<ReturnType<typeof captureSql>>;
    {
      const opened = await openDb({ dataDir: dir });
      await applyReferenceData(opened.db);
      await loadDemoData(opened.db);
      const scope = await seed(opened.db);
      await opened.close();
      const client = new PGlite(dir, { extensions: { pg_trgm, btree_gin } });
      captured = await captureSql(
        (log) => drizzlePglite(client, { schema, logger: { logQuery: (query, params) => log.push({ query, params }) } }) as unknown as Db,
        scope,
        preparedOn((text) => client.query(text)),
      );
      await client.close();
    }
    await measure(
      kit,
      'PGlite (embedded)',
      { DATA_DIR: dir, DATABASE_URL: '' },
      async () => {
        const client = new PGlite(dir, { extensions: { pg_trgm, btree_gin } });
        // A logged transaction runs in PGlite's own, which holds its one connection, as the server's does.
        const run = (log: Statement[]) =>
          log.some(isTransactionEdge)
            ? client.transaction((tx) => replay(log.filter((s) => !isTransactionEdge(s)), (s) => tx.query(s.query, s.params)))
            : replay(log, (s) => client.query(s.query, s.params));
        const server = await rawServer({
          '/tableLoad': () => run(captured.tableLoad),
          '/autocomplete': () => run(captured.autocomplete),
          '/barcode': () => run(captured.barcode),
          '/save': () => run(captured.save),
        });
        const close = async () => {
          await server.close();
          await client.close();
        };
        return { base: server.base, close };
      },
      captured,
      false,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  await withScratchDatabase(kit.pgUrl, 'the catalogue bench', async (dbUrl) => {
    const url = new URL(dbUrl);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
    // pool.end() resolves before its connections have closed; the scratch database's drop (with force)
    // can then end one, and an error event with no listener would end the bench.
    pool.on('error', () => undefined);
    try {
      const opened = await openDb({ databaseUrl: url.toString(), dataDir: null });
      await applyReferenceData(opened.db);
      await loadDemoData(opened.db);
      const scope = await seed(opened.db);
      await opened.close();
      // Captured on a connection of its own, whose prepared statements then say which the app prepares.
      const capturePool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      const captured = await captureSql(
        (log) => drizzlePg(capturePool, { schema, logger: { logQuery: (query, params) => log.push({ query, params }) } }) as unknown as Db,
        scope,
        preparedOn((text) => capturePool.query(text)),
      ).finally(() => capturePool.end());
      const names = new Map<string, string>();
      const nameOf = (text: string) => names.get(text) ?? (names.set(text, `raw_${names.size}`).get(text) as string);
      await measure(
        kit,
        'PostgreSQL',
        { DATABASE_URL: url.toString() },
        async () => {
          // Each call on one pooled connection, as the server's pool lends them; what the app prepares is prepared here too.
          const run = async (log: Statement[]) => {
            const c = await pool.connect();
            try {
              return await replay(log, (s) => (s.prepared ? c.query({ name: nameOf(s.query), text: s.query, values: s.params }) : c.query(s.query, s.params)));
            } catch (err) {
              await c.query('rollback');
              throw err;
            } finally {
              c.release();
            }
          };
          return rawServer({
            '/tableLoad': () => run(captured.tableLoad),
            '/autocomplete': () => run(captured.autocomplete),
            '/barcode': () => run(captured.barcode),
            '/save': () => run(captured.save),
          });
        },
        captured,
        true,
      );
    } finally {
      await pool.end();
    }
  });
}
