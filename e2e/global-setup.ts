import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
  }
}

/**
 * A copy of the server's source and of the built web app, taken once: the working tree may change
 * during a long run (a rebuild empties apps/web/dist, and the server routes only the web files it
 * found at start), the copy does not. Dependencies are linked, not copied.
 */
function snapshot(work: string): string {
  const app = join(work, 'app');
  for (const path of ['apps/server/src', 'apps/server/drizzle', 'apps/server/package.json', 'apps/server/tsconfig.json', 'tsconfig.base.json', 'apps/web/dist']) {
    cpSync(join(root, path), join(app, path), { recursive: true });
  }
  for (const path of ['node_modules', 'apps/server/node_modules']) {
    if (existsSync(join(root, path))) symlinkSync(join(root, path), join(app, path));
  }
  // A copy taken in the middle of a build would miss files the pages load.
  const html = readFileSync(join(app, 'apps/web/dist/backoffice.html'), 'utf8');
  for (const [, asset] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    if (!existsSync(join(app, 'apps/web/dist', asset))) throw new Error(`apps/web/dist is incomplete (${asset}): a build is running? Build, then run again.`);
  }
  return app;
}

/**
 * Starts the real built server on a free port with a fresh embedded database, and a local SMTP
 * server that drops every message it receives into a folder the journeys read.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'apps/web/dist/backoffice.html'))) throw new Error('build the web app first: npm run build -w apps/web');
  const work = mkdtempSync(join(tmpdir(), 'tillpoint-e2e-'));
  let app: string;
  try {
    app = snapshot(work);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  const mailDir = join(work, 'mail');
  mkdirSync(mailDir);
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        writeFileSync(join(mailDir, `${String(n).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: app,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Mailed links point where the journeys reach the server (the default, http://localhost:{PORT}, is another origin for the browser).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Empty: PGlite in memory. Fresh for every run and spared the disk's fsyncs (initdb is the slow part).
      DATA_DIR: '',
      DATABASE_URL: '',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      MAIL_FROM: 'tillpoint@e2e.local',
      TEST_ENVIRONMENT: 'true',
      CAPTCHA_COST: '1',
      CAPTCHA_MAX_COUNTER: '20',
      LOG_LEVEL: 'warn',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/actuator/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((r) => smtp.close(() => r()));
    rmSync(work, { recursive: true, force: true });
  };
}
