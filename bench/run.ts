/**
 * npm run bench: builds what changed, times the compiled server's start-up and weighs the admin
 * sign-in page and the storefront store page (bench/startup.ts), then starts the real server (PGlite, then PostgreSQL when
 * reachable) and loads the tax table load and the merchant login with autocannon. Figures are
 * reported as ratios against a baseline route (the health check) measured in the same run, so they
 * compare across machines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SIGN_IN_PAGE, STORE_PAGE, ensureBuilt, lighthouse, measureStartup, pageScripts, startUntilHealthy } from './startup';
import { benchBasket } from './basket';
import { benchCatalogue } from './catalogue';
import { withScratchDatabase } from './scratch-database';
import { benchWebMenu } from './web-menu';
import { benchOrders } from './orders';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The compiled server, as npm start runs it. */
async function startServer(env: Record<string, string>): Promise<{ base: string; stop: () => Promise<void> }> {
  // BENCH_PROFILE=<dir>: each server started writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  return startUntilHealthy(process.execPath, [...profile, 'apps/server/dist/main.js'], { ...env, SHOW_CAPTCHA: 'false', LOGIN_RATE_LIMIT: '100000000' });
}

type Result = { name: string; rps: number; p99: number; errors: number };

async function load(name: string, opts: autocannon.Options): Promise<Result> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function signIn(base: string) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domainName: 'demo-bistro', userName: 'owner', password: 'Owner1234' }),
  });
  const { code } = (await login.json()) as { code: string };
  const tokens = await fetch(`${base}/api/v1/auth/tokens/code/${code}`, { method: 'POST' });
  return ((await tokens.json()) as { accessToken: string }).accessToken;
}

async function benchEngine(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const token = await signIn(server.base);
    const json = { 'content-type': 'application/json' };
    const results = [
      await load('baseline: GET /api/actuator/health', { url: `${server.base}/api/actuator/health` }),
      await load('tax table load: PUT /api/storemanagement/tax/all', {
        url: `${server.base}/api/storemanagement/tax/all`,
        method: 'PUT',
        headers: { ...json, authorization: `Bearer ${token}` },
        body: JSON.stringify({ filter: [{ name: 'name', value: 'a', filterMatchMode: 'contains' }], sort: [{ name: 'name', ascending: true }], pageNumber: 0, limit: 5 }),
      }),
      await load('login: POST /api/v1/auth/login (argon2id)', {
        url: `${server.base}/api/v1/auth/login`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ domainName: 'demo-bistro', userName: 'owner', password: 'Owner1234' }),
      }),
    ];
    const base = results[0].rps;
    console.log(`\n${label}`);
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(52)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ratio ${(r.rps / base).toFixed(3)}${r.errors ? `  (${r.errors} errors)` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
}

/** BENCH_ONLY=web-menu,basket runs just those parts (startup, engines, catalogue, web-menu, basket, orders); unset runs all. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const runs = (part: string) => !ONLY || ONLY.includes(part);

ensureBuilt();
if (runs('startup')) {
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-bench-'));
  await measureStartup(dir);
  // The sign-in page as a visitor gets it: default settings (captcha on).
  const site = await startUntilHealthy(process.execPath, ['apps/server/dist/main.js'], { DATA_DIR: dir, DATABASE_URL: '' });
  try {
    for (const target of [SIGN_IN_PAGE, STORE_PAGE]) {
      await pageScripts(site.base, target);
      lighthouse(site.base, target);
    }
  } finally {
    await site.stop();
  }
  rmSync(dir, { recursive: true, force: true });
}

if (runs('engines')) {
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-bench-'));
  console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per route`);
  await benchEngine('PGlite (embedded)', { DATA_DIR: dir, DATABASE_URL: '' });
  rmSync(dir, { recursive: true, force: true });
  await withScratchDatabase(PG_URL, 'the PostgreSQL run', (url) => benchEngine('PostgreSQL', { DATABASE_URL: url }));
}

// Issue 8: the catalogue on 100,000 products, beside raw node:http + pg baselines (bench/catalogue.ts).
if (runs('catalogue')) await benchCatalogue({ pgUrl: PG_URL, startServer, load, signIn });

// Issue 9: the storefront's menu calls on 2,000 items at 50 connections, beside a raw baseline (bench/web-menu.ts).
if (runs('web-menu')) await benchWebMenu({ pgUrl: PG_URL, startServer, load, signIn });

// Issue 10: add to basket and place order (pay at the counter) at 20 customers, beside the health check (bench/basket.ts).
if (runs('basket')) await benchBasket({ pgUrl: PG_URL, startServer, load, signIn });

// Issue 12: 50 staff streams and 20 customers placing orders at once: place → event at every stream, and accept (bench/orders.ts).
if (runs('orders')) await benchOrders({ pgUrl: PG_URL, startServer, load, signIn });
