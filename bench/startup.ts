/**
 * The start-up and first-page part of npm run bench (issues 7 and 10): how long the compiled server
 * takes to answer its health check on an existing data folder (cold: the first start after the folder
 * was made; warm: the next one; and through `npm start`, which first checks the build is up to date),
 * what the admin sign-in page's and the storefront store page's scripts weigh on the wire and
 * gzipped, and Lighthouse's performance and accessibility scores for both pages (mobile settings,
 * Debian's Chromium).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:http';
import { type Page, chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** npm start's own check: builds the server and the web app where their sources changed. */
export function ensureBuilt() {
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the build failed');
}

/** phases: with STARTUP_TIMING=1 in env, when each start-up phase ended (ms since the server process started, apps/server/src/main.ts). */
export type Started = { base: string; ms: number; phases: [string, number][]; stop: () => Promise<void> };

/** Starts a command that serves the app and waits until its health check answers 200. */
export async function startUntilHealthy(command: string, args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  // A process group of its own: stopping `npm start` must stop the server it started too.
  const child: ChildProcess = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
  });
  const phases: [string, number][] = [];
  // The server's own error output passes through; its start-up timing lines are kept.
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    const m = /^startup (\S+) (\d+)/.exec(line);
    if (m) phases.push([m[1], Number(m[2])]);
    else process.stderr.write(`${line}\n`);
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/actuator/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  // Stopped when the whole group is gone: the next start may open the same data folder.
  const stop = async () => {
    const group = -(child.pid ?? 0);
    const alive = () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    };
    if (alive()) process.kill(group, 'SIGTERM');
    while (alive()) await new Promise((r) => setTimeout(r, 20));
  };
  return { base, ms, phases, stop };
}

const compiledServer = ['apps/server/dist/main.js'];

/** Best and median of a measurement's runs, as printed (the best is the lowest, or the highest for a score). */
export function spread(values: number[], format: (v: number) => string, best: 'lowest' | 'highest' = 'lowest') {
  const sorted = [...values].sort((a, b) => (best === 'lowest' ? a - b : b - a));
  return `best ${format(sorted[0])}, median ${format(sorted[Math.floor(sorted.length / 2)])} (${values.length} runs)`;
}

/**
 * Start times on one data folder: its first start (initdb, migrations, demo data), then restarts of
 * the compiled server and through `npm start`, each `runs` times (the machine may be busy with
 * other work: the best says what the code costs, the median what a start usually took).
 */
export async function measureStartup(dataDir: string, runs = 3) {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const first = await startUntilHealthy(process.execPath, compiledServer, env);
  await first.stop();
  const fastest: Started[] = [];
  const times = async (command: string, args: string[]) => {
    const all: Started[] = [];
    for (let i = 0; i < runs; i++) {
      const s = await startUntilHealthy(command, args, { ...env, STARTUP_TIMING: '1' });
      all.push(s);
      await s.stop();
    }
    fastest.push(all.reduce((a, b) => (b.ms < a.ms ? b : a)));
    return all.map((s) => s.ms);
  };
  const rows: [string, string][] = [
    ['node apps/server/dist/main.js, new data folder (initdb, migrations, demo data)', `${(first.ms / 1000).toFixed(2)} s`],
    ['node apps/server/dist/main.js, existing folder', spread(await times(process.execPath, compiledServer), seconds)],
    ['npm start, existing folder (build up to date)', spread(await times('npm', ['start', '--silent']), seconds)],
  ];
  console.log('\nStart-up to a healthy GET /api/actuator/health (PGlite)');
  for (const [label, text] of rows) console.log(`  ${label.padEnd(78)} ${text}`);
  // Where the fastest start of each kind spent its time (the server process's clock; npm's own start comes before it).
  for (const [label, s] of [['node', fastest[0]], ['npm start', fastest[1]]] as const) {
    console.log(`  ${`phases, fastest ${label} start (ms since the server process started)`.padEnd(78)} ${s.phases.map(([p, ms]) => `${p} ${ms}`).join(', ')}`);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A page the bench weighs and scores: where it is, and what shows once it has loaded. */
export type BenchPage = { label: string; path: string; ready: (page: Page) => Promise<unknown> };

export const SIGN_IN_PAGE: BenchPage = { label: 'Admin sign-in page', path: '/admin/', ready: (page) => page.getByLabel('User Name').waitFor() };
/** Issue 10's budget: the store page's first load ships at most 170 KB of JavaScript gzipped. */
export const STORE_PAGE: BenchPage = {
  label: 'Storefront store page (/demo-bistro)',
  path: '/demo-bistro',
  ready: (page) => page.getByRole('heading', { name: 'Demo Bistro', level: 1 }).waitFor(),
};
const STORE_PAGE_GZIP_BUDGET = 170 * 1000;

/** A file's size as the server sends it to a browser that accepts gzip only (node:http does not decode it). */
const gzipBytes = (url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });

/**
 * The scripts a page loads on a first visit (a phone's viewport): their bytes as sent (Chromium's own
 * count, compressed, headers included) and their bodies gzipped as the server sends them.
 */
export async function pageScripts(base: string, target: BenchPage) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { url: string; bytes: number; encoding: string }>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0, encoding: String(e.response.headers['content-encoding'] ?? 'none') });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.bytes = e.encodedDataLength;
    });
    await page.goto(`${base}${target.path}`, { waitUntil: 'networkidle' });
    await target.ready(page);
    const list = [...scripts.values()];
    const bytes = list.reduce((sum, s) => sum + s.bytes, 0);
    const gzip = (await Promise.all(list.map((s) => gzipBytes(s.url)))).reduce((sum, n) => sum + n, 0);
    const encodings = [...new Set(list.map((s) => s.encoding))].join(', ');
    console.log(
      `\n${target.label}: ${list.length} scripts, ${(bytes / 1024).toFixed(1)} KiB of JavaScript on the wire (content-encoding: ${encodings}); ${(gzip / 1000).toFixed(1)} KB gzipped`,
    );
    if (target === STORE_PAGE) console.log(`  issue 10 budget: at most ${STORE_PAGE_GZIP_BUDGET / 1000} KB gzipped: ${gzip <= STORE_PAGE_GZIP_BUDGET ? 'met' : 'NOT met'}`);
  } finally {
    await browser.close();
  }
}

type LighthouseReport = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { displayValue?: string; score: number | null; title: string; details?: { type?: string; overallSavingsMs?: number } }>;
};

/** One Lighthouse 12 run (mobile settings) on a page. */
function lighthouseRun(url: string): LighthouseReport {
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-lighthouse-'));
  try {
    const out = join(dir, 'report.json');
    const r = spawnSync(
      'node_modules/.bin/lighthouse',
      [url, '--quiet', `--chrome-flags=${CHROME_FLAGS.join(' ')}`, '--only-categories=performance,accessibility', '--output=json', `--output-path=${out}`],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    if (r.status !== 0) throw new Error(`lighthouse exited with ${r.status ?? r.signal}`);
    return JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse 12 (mobile settings) on a page, `runs` times: performance and accessibility scores
 * (best and median: its simulated phone is timed on this machine's CPU, which other work may share),
 * and the metrics of the median run.
 */
export function lighthouse(base: string, target: BenchPage, runs = 3) {
  const reports = Array.from({ length: runs }, () => lighthouseRun(`${base}${target.path}`));
  const score = (report: LighthouseReport, name: string) => Math.round((report.categories[name].score ?? 0) * 100);
  const byPerformance = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = byPerformance[Math.floor(runs / 2)];
  const performance = spread(
    reports.map((r) => score(r, 'performance')),
    String,
    'highest',
  );
  console.log(`\nLighthouse 12, ${target.label} (mobile): performance ${performance}; accessibility ${score(median, 'accessibility')} (median run)`);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
  console.log(`  median run: ${metrics.map((m) => `${median.audits[m].title} ${median.audits[m].displayValue}`).join(', ')}`);
  const opportunities = Object.entries(median.audits)
    .filter(([, a]) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 50)
    .map(([id, a]) => `${id} (${Math.round(a.details?.overallSavingsMs ?? 0)} ms)`);
  if (opportunities.length) console.log(`  opportunities: ${opportunities.join(', ')}`);
  const failed = median.categories.accessibility.auditRefs.filter((ref) => ref.weight > 0 && (median.audits[ref.id].score ?? 1) < 1);
  if (failed.length) console.log(`  accessibility audits failed: ${failed.map((ref) => ref.id).join(', ')}`);
}
