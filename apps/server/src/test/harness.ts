import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { DEMO, loadDemoData } from '../db/demo-data';
import { type OpenDb, openDb } from '../db/open-db';
import type { AppModule } from '../platform/module';
import type { MailTransport } from '../platform/outbox';
import { type DbTemplates, databaseUrl, seed } from './db-templates';
import { testHash } from './fixtures';
import { queryRows } from '../db/rows';

/**
 * One database per test file: in-memory PGlite by default, or a fresh PostgreSQL database when the
 * suite runs with DB_ENGINE=postgres (TEST_DATABASE_URL points at a server we may create databases on).
 */
export const engine = process.env.DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** The run's templates (global-setup.ts); none when a file is run without that setup. */
function templates(): DbTemplates | undefined {
  try {
    return inject('dbTemplates');
  } catch {
    return undefined;
  }
}

/** Dumps read once per file: a file may open several databases. */
const dumps = new Map<string, Blob>();

/**
 * A fresh database of the engine under test, copied from the run's template: migrated, and with the
 * reference and demo data when `demo`. Without templates it is made as the global setup makes them.
 * Returns whether the demo data is in.
 */
async function openCopy(demo: boolean): Promise<{ opened: OpenDb; seeded: boolean }> {
  const tpl = templates();
  if (engine === 'pglite') {
    if (tpl?.engine !== 'pglite') return { opened: await openDb({ dataDir: null }), seeded: false };
    const file = demo ? tpl.demo : tpl.empty;
    let dump = dumps.get(file);
    if (!dump) {
      dump = new Blob([readFileSync(file)]);
      dumps.set(file, dump);
    }
    return { opened: await openDb({ dataDir: null, loadDataDir: dump }), seeded: demo };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const template = tpl?.engine === 'postgres' ? (demo ? tpl.demo : tpl.empty) : null;
  const name = `tp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const opened = await openDb({ databaseUrl: databaseUrl(adminUrl, name), dataDir: null });
  return {
    seeded: demo && template !== null,
    opened: {
      ...opened,
      close: async () => {
        await opened.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    },
  };
}

/** A fresh, migrated and empty database of the engine under test; close() drops it. */
export async function openTestDb(): Promise<OpenDb> {
  return (await openCopy(false)).opened;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A real server (no listen) on a fresh database with reference and demo data. */
export async function createTestApp(opts: { config?: Partial<Config>; mail?: MailTransport | null; modules?: readonly AppModule[]; logStream?: NodeJS.WritableStream } = {}) {
  const { opened, seeded } = await openCopy(true);
  if (!seeded) await seed(opened.db, testHash);
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
    const rows = await queryRows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public'`);
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
