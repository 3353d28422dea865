import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadDemoData } from '../db/demo-data';
import { type OpenDb, migrationsFolder, openDb } from '../db/open-db';
import { applyReferenceData } from '../db/reference-data';
import { hashPassword } from '../platform/passwords';

/**
 * What every test file's database starts from, made once per test run by the global setup: a
 * migrated empty database and one with the reference and demo data too. A file gets its own copy
 * (PostgreSQL: CREATE DATABASE … TEMPLATE; PGlite: a data directory dump loaded into a new in-memory
 * instance), so files stay isolated while none of them runs the migrations or loads the demo data.
 */
export type DbTemplates =
  | { engine: 'pglite'; empty: string; demo: string }
  | { engine: 'postgres'; adminUrl: string; empty: string; demo: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates?: DbTemplates;
  }
}

export const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The demo and reference data, as a fresh test database gets them. */
export async function seed(db: OpenDb['db'], hash: (password: string) => Promise<string> = hashPassword) {
  await applyReferenceData(db);
  await loadDemoData(db, hash);
}

async function query(adminUrl: string, statement: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A dump whose WAL is checkpointed: the copies start without replaying it. */
async function dumpTo(opened: OpenDb, file: string) {
  if (!opened.dump) throw new Error('only PGlite dumps its data directory');
  await opened.db.execute(sql`checkpoint`);
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await opened.dump()).arrayBuffer()));
  renameSync(partial, file);
}

/**
 * A freshly migrated PGlite data directory. initdb is the slow part of a new PGlite, so the dump is
 * kept in the temp folder across runs, keyed by the migrations' content.
 */
async function migratedPglite(): Promise<OpenDb> {
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
  for (const old of readdirSync(tmpdir()).filter((n) => n.startsWith(prefix))) rmSync(join(tmpdir(), old), { force: true });
  await dumpTo(opened, file);
  return opened;
}

/** Makes the two templates of the engine; the function returned removes them. */
export async function makeDbTemplates(engine: 'pglite' | 'postgres'): Promise<{ templates: DbTemplates; remove: () => Promise<void> }> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'tillpoint-templates-'));
    const opened = await migratedPglite();
    const empty = join(dir, 'empty.tar');
    const demo = join(dir, 'demo.tar');
    try {
      await dumpTo(opened, empty);
      await seed(opened.db);
      await dumpTo(opened, demo);
    } finally {
      await opened.close();
    }
    return { templates: { engine, empty, demo }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('DB_ENGINE=postgres needs TEST_DATABASE_URL');
  // Named per run: other runs on the same server have their own.
  const id = randomBytes(4).toString('hex');
  const empty = `tp_template_${id}_empty`;
  const demo = `tp_template_${id}_demo`;
  const remove = async () => {
    for (const name of [demo, empty]) await query(adminUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    await query(adminUrl, `create database ${empty}`);
    // Every connection to a template is closed before it is copied (PostgreSQL refuses a template in use).
    await (await openDb({ databaseUrl: databaseUrl(adminUrl, empty), dataDir: null })).close();
    await query(adminUrl, `create database ${demo} template ${empty}`);
    const opened = await openDb({ databaseUrl: databaseUrl(adminUrl, demo), dataDir: null });
    try {
      await seed(opened.db);
    } finally {
      await opened.close();
    }
  } catch (err) {
    await remove();
    throw err;
  }
  return { templates: { engine, adminUrl, empty, demo }, remove };
}
