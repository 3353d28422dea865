import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/harness';
import { type OpenDb, migrationsFolder, migrationsPending } from './open-db';
import { MENU, REFERENCE_DATA_PARAMETER, REFERENCE_DATA_VERSION, applyReferenceData, startState } from './reference-data';
import { adminUser, menuItem, systemParameter } from './schema';

/**
 * A restart skips the start-up work that has nothing to do (main.ts): these prove the checks that
 * decide it still see a new migration, changed reference data and an empty database.
 */
let t: OpenDb;
const folders: string[] = [];
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** A copy of the migrations folder whose journal gains an entry dated `when` (its SQL: `statement`). */
function migrationsWithOneMore(when: number, statement: string) {
  const folder = mkdtempSync(join(tmpdir(), 'tillpoint-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const tag = '9999_start_state_test';
  journal.entries.push({ ...journal.entries[journal.entries.length - 1], idx: journal.entries.length, when, tag });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(join(folder, `${tag}.sql`), statement);
  return folder;
}

describe('migrations on start', () => {
  it('a migrated database has none pending', async () => {
    expect(await migrationsPending(t.db)).toBe(false);
  });

  it('a migration newer than the last applied one is pending', async () => {
    const folder = migrationsWithOneMore(Date.now() + 60_000, 'select 1;');
    expect(await migrationsPending(t.db, folder)).toBe(true);
  });

  it('a database without the migrations table (a new one) has them all pending', async () => {
    await t.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_away`);
    try {
      expect(await migrationsPending(t.db)).toBe(true);
    } finally {
      await t.db.execute(sql`alter table drizzle.__drizzle_migrations_away rename to __drizzle_migrations`);
    }
    expect(await migrationsPending(t.db)).toBe(false);
  });
});

describe('reference data on start', () => {
  const version = async () => (await t.db.select().from(systemParameter).where(eq(systemParameter.name, REFERENCE_DATA_PARAMETER)))[0]?.value;

  it('a database without reference data needs it, and has no admin yet', async () => {
    await t.db.delete(systemParameter).where(eq(systemParameter.name, REFERENCE_DATA_PARAMETER));
    expect(await startState(t.db)).toEqual({ referenceDataCurrent: false, empty: true });
  });

  it('applying it records this build’s version, so the next start skips it', async () => {
    await applyReferenceData(t.db);
    expect(await version()).toBe(REFERENCE_DATA_VERSION);
    expect((await startState(t.db)).referenceDataCurrent).toBe(true);
  });

  it('another version in the database (older reference data) is applied again', async () => {
    const entry = MENU[0];
    await t.db.delete(menuItem).where(eq(menuItem.id, entry.id));
    // The same version: the start would skip it, and the deleted entry stays deleted.
    expect((await startState(t.db)).referenceDataCurrent).toBe(true);
    await t.db.update(systemParameter).set({ value: 'an-older-build' }).where(eq(systemParameter.name, REFERENCE_DATA_PARAMETER));
    expect((await startState(t.db)).referenceDataCurrent).toBe(false);
    await applyReferenceData(t.db);
    expect((await t.db.select().from(menuItem).where(eq(menuItem.id, entry.id)))[0]?.description).toBe(entry.description);
    expect(await version()).toBe(REFERENCE_DATA_VERSION);
  });

  it('a database with an admin user is not empty', async () => {
    await t.db.insert(adminUser).values({ userName: 'start-state-admin', firstName: 'Start', lastName: 'State', email: 'start-state@example.com' });
    expect((await startState(t.db)).empty).toBe(false);
  });
});
