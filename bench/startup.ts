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
  const times = async (command: string, args: string[]) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s = await startUntilHealthy(command, args, env);
      ms.push(s.ms);
      await s.stop();
    }
    return ms;
  };
  const rows: [string, string][] = [
    ['node apps/server/dist/main.js, new data folder (initdb, migrations, demo data)', `${(first.ms / 1000).toFixed(2)} s`],
    ['node apps/server/dist/main.js, existing folder', spread(await times(process.execPath, compiledServer), seconds)],
    ['npm start, existing folder (build up to date)', spread(await times('npm', ['start', '--silent']), seconds)],
  ];
  console.log('\nStart-up to a healthy GET /api/actuator/health (PGlite)');
  for (const [label, text] of rows) console.log(`  ${label.padEnd(78)} ${text}`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

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

/** One Lighthouse 12 run (mobile settings) on the admin sign-in page. */
function lighthouseRun(base: string): LighthouseReport {
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-lighthouse-'));
  try {
    const out = join(dir, 'report.json');
    const r = spawnSync(
      'node_modules/.bin/lighthouse',
      [`${base}/admin/`, '--quiet', `--chrome-flags=${CHROME_FLAGS.join(' ')}`, '--only-categories=performance,accessibility', '--output=json', `--output-path=${out}`],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    if (r.status !== 0) throw new Error(`lighthouse exited with ${r.status ?? r.signal}`);
    return JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse 12 (mobile settings) on the admin sign-in page, `runs` times: performance and
 * accessibility scores (best and median: its simulated phone is timed on this machine's CPU, which
 * other work may share), and the metrics of the median run.
 */
export function lighthouse(base: string, runs = 3) {
  const reports = Array.from({ length: runs }, () => lighthouseRun(base));
  const score = (report: LighthouseReport, name: string) => Math.round((report.categories[name].score ?? 0) * 100);
  const byPerformance = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = byPerformance[Math.floor(runs / 2)];
  const performance = spread(
    reports.map((r) => score(r, 'performance')),
    String,
    'highest',
  );
  console.log(`\nLighthouse 12, admin sign-in page (mobile): performance ${performance}; accessibility ${score(median, 'accessibility')} (median run)`);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
  console.log(`  median run: ${metrics.map((m) => `${median.audits[m].title} ${median.audits[m].displayValue}`).join(', ')}`);
  const failed = median.categories.accessibility.auditRefs.filter((ref) => ref.weight > 0 && (median.audits[ref.id].score ?? 1) < 1);
  if (failed.length) console.log(`  accessibility audits failed: ${failed.map((ref) => ref.id).join(', ')}`);
}
