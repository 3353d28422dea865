/**
 * The start-up and first-page part of npm run bench (issue 7): how long the compiled server takes to
 * answer its health check on an existing data folder (cold: the first start after the folder was
 * made; warm: the next one; and through `npm start`, which first checks the build is up to date),
 * what the admin sign-in page's scripts weigh on the wire, and Lighthouse's performance and
 * accessibility scores for that page (mobile settings, Debian's Chromium).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

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

export type Started = { base: string; ms: number; stop: () => Promise<void> };

/** Starts a command that serves the app and waits until its health check answers 200. */
export async function startUntilHealthy(command: string, args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  // A process group of its own: stopping `npm start` must stop the server it started too.
  const child: ChildProcess = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
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
  return { base, ms, stop };
}

const compiledServer = ['apps/server/dist/main.js'];

/** Start times on one data folder: its first start (initdb, migrations, demo data), then cold and warm restarts. */
export async function measureStartup(dataDir: string) {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const times: [string, number][] = [];
  for (const label of ['new data folder (initdb, migrations, demo data)', 'existing folder, cold', 'existing folder, warm']) {
    const s = await startUntilHealthy(process.execPath, compiledServer, env);
    times.push([`node apps/server/dist/main.js, ${label}`, s.ms]);
    await s.stop();
  }
  const npm = await startUntilHealthy('npm', ['start', '--silent'], env);
  times.push(['npm start, existing folder (build up to date)', npm.ms]);
  await npm.stop();
  console.log('\nStart-up to a healthy GET /api/actuator/health (PGlite)');
  for (const [label, ms] of times) console.log(`  ${label.padEnd(78)} ${(ms / 1000).toFixed(2).padStart(6)} s`);
}

/** The scripts the admin sign-in page loads, and their bytes as sent (compressed, headers included). */
export async function signInPageScripts(base: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { url: string; bytes: number; encoding: string }>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0, encoding: String(e.response.headers['content-encoding'] ?? 'none') });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.bytes = e.encodedDataLength;
    });
    await page.goto(`${base}/admin/`, { waitUntil: 'networkidle' });
    await page.getByLabel('User Name').waitFor();
    const list = [...scripts.values()];
    const bytes = list.reduce((sum, s) => sum + s.bytes, 0);
    const encodings = [...new Set(list.map((s) => s.encoding))].join(', ');
    console.log(`\nAdmin sign-in page: ${list.length} scripts, ${(bytes / 1024).toFixed(1)} KiB of JavaScript on the wire (content-encoding: ${encodings})`);
  } finally {
    await browser.close();
  }
}

type LighthouseReport = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { displayValue?: string; score: number | null; title: string }>;
};

/** Lighthouse 12 (mobile settings) on the admin sign-in page: performance and accessibility. */
export function lighthouse(base: string) {
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-lighthouse-'));
  try {
    const out = join(dir, 'report.json');
    const r = spawnSync(
      'node_modules/.bin/lighthouse',
      [`${base}/admin/`, '--quiet', `--chrome-flags=${CHROME_FLAGS.join(' ')}`, '--only-categories=performance,accessibility', '--output=json', `--output-path=${out}`],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    if (r.status !== 0) throw new Error(`lighthouse exited with ${r.status ?? r.signal}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
    const score = (name: string) => Math.round((report.categories[name].score ?? 0) * 100);
    console.log(`\nLighthouse 12, admin sign-in page (mobile): performance ${score('performance')}, accessibility ${score('accessibility')}`);
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    console.log(`  ${metrics.map((m) => `${report.audits[m].title} ${report.audits[m].displayValue}`).join(', ')}`);
    const failed = report.categories.accessibility.auditRefs.filter((ref) => ref.weight > 0 && (report.audits[ref.id].score ?? 1) < 1);
    if (failed.length) console.log(`  accessibility audits failed: ${failed.map((ref) => ref.id).join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
