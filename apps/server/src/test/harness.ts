import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { DEMO, loadDemoData } from '../db/demo-data';
import { type OpenDb, migrationsFolder, openDb } from '../db/open-db';
import { applyReferenceData } from '../db/reference-data';
import type { AppModule } from '../platform/module';
import type { MailTransport } from '../platform/outbox';
import { testHash } from './fixtures';

/**
 * One database per test file: in-memory PGlite by default, or a fresh PostgreSQL database when the
 * suite runs with DB_ENGINE=postgres (TEST_DATABASE_URL points at a server we may create databases on).
 */
export const engine = process.env.DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh PGlite spends most of its start-up in initdb. The first test file to start dumps a freshly
 * migrated data directory to the temp folder, keyed by the migrations' content; the others load it.
 */
async function openPglite(): Promise<OpenDb> {
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    hash.update(f.name).update(readFileSync(join(f.parentPath, f.name)));
  }
  const prefix = 'tillpoint-pglite-';
  const file = join(tmpdir(), `${prefix}${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) {
    try {
      return await openDb({ dataDir: null, loadDataDir: new Blob([readFileSync(file)]) });
    } catch {
      rmSync(file, { force: true }); // written by another PGlite version: build it again
    }
  }
  const opened = await openDb({ dataDir: null });
  const dump = opened.dump ? Buffer.from(await (await opened.dump()).arrayBuffer()) : null;
  if (dump) {
    for (const old of readdirSync(tmpdir()).filter((n) => n.startsWith(prefix))) rmSync(join(tmpdir(), old), { force: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  }
  return opened;
}

/** A fresh, migrated database of the engine under test; close() drops it. */
export async function openTestDb(): Promise<OpenDb> {
  if (engine === 'pglite') return openPglite();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `tp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDb({ databaseUrl: url.toString(), dataDir: null });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A real server (no listen) on a fresh database with reference and demo data. */
export async function createTestApp(opts: { config?: Partial<Config>; mail?: MailTransport | null; modules?: readonly AppModule[]; logStream?: NodeJS.WritableStream } = {}) {
  const opened = await openTestDb();
  await applyReferenceData(opened.db);
  await loadDemoData(opened.db, testHash);
  const ctx = await buildApp({ db: opened.db, config: testConfig(opts.config), mail: opts.mail ?? null, modules: opts.modules, logStream: opts.logStream });
  await ctx.app.ready();
  const { app, db } = ctx;

  const json = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as T, headers: res.headers, cookies: res.cookies };
  };

  /** Signs in through the two steps (credentials → code → tokens) and returns the tokens. */
  async function signIn(kind: 'admin' | 'merchant', creds?: { userName: string; password: string; domainName?: string }) {
    const c = creds ?? (kind === 'admin' ? DEMO.admin : DEMO.merchant);
    const base = kind === 'admin' ? '/api/adminuser/security' : '/api/v1/auth';
    const login = await json<{ code: string }>('POST', `${base}/login`, c);
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    const tokens = await json<{ accessToken: string; refreshToken: string; userDTO: { id: number; merchantAccountId: number; merchantBranchId: number } }>(
      'POST',
      `${base}/tokens/code/${login.body.code}`,
    );
    return tokens.body;
  }

  /** Empties every tenant and user table and loads the demo data again. */
  async function resetData() {
    const tables = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
    const rows = (tables as unknown as { rows: { tablename: string }[] }).rows;
    // Reference data (countries) stays; so do sessions: the demo users come back with the same ids, so tokens signed in before a reset stay valid.
    const keep = new Set(['role', 'role_privilege', 'menu_item', 'system_parameter', 'server_secret', 'country', 'refresh_token']);
    const names = rows.map((r) => r.tablename).filter((t) => !keep.has(t));
    await db.execute(sql.raw(`truncate ${names.map((n) => `"${n}"`).join(', ')} restart identity cascade`));
    await loadDemoData(db, testHash);
  }

  return {
    ...ctx,
    json,
    signIn,
    resetData,
    close: async () => {
      await app.close();
      await opened.close();
    },
  };
}
