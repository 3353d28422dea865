import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
 * Starts the real built server on a free port with a fresh embedded database, and a local SMTP
 * server that drops every message it receives into a folder the journeys read.
 */
export default async function setup(project: TestProject) {
  // The server serves apps/web/dist as it is on disk; it must be built, and stay put during the run.
  const webPage = join(root, 'apps/web/dist/backoffice.html');
  if (!existsSync(webPage)) throw new Error('build the web app first: npm run build -w apps/web');
  const builtAt = statSync(webPage).mtimeMs;
  const work = mkdtempSync(join(tmpdir(), 'tillpoint-e2e-'));
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
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
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
    if (existsSync(webPage) && statSync(webPage).mtimeMs !== builtAt) {
      console.warn('\nThe web app was rebuilt during this run: pages open at that moment may have failed to load.\n');
    }
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((r) => smtp.close(() => r()));
    rmSync(work, { recursive: true, force: true });
  };
}
