import type { PgTable } from 'drizzle-orm/pg-core';
import { type TestApp, createTestApp } from '../../test/harness';
import { ROLE, addBranch, addMerchant, addMerchantUser } from '../../test/fixtures';

export type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
export type Page<T> = { data: T[]; totalCount: number };
export const REQUIRED = 'Please fill the required fields!';
export const FORBIDDEN = { type: 'ERROR', details: 'Not Authorized' };
export const NOT_FOUND = { type: 'ERROR', details: 'Error' };

/**
 * The catalogue tests' world: the demo store's owner (every privilege), a manager (no Delete),
 * a staff user and a clerk (View only), a user of the same account at a second branch, and the
 * owner of another store.
 */
export async function catalogueWorld() {
  const t: TestApp = await createTestApp();
  const owner = await t.signIn('merchant');
  const scope = { merchantAccountId: owner.userDTO.merchantAccountId, merchantBranchId: owner.userDTO.merchantBranchId };
  const other = await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' });
  const a = { merchantAccountId: scope.merchantAccountId, merchantBranchId: scope.merchantBranchId, password: 'Staff1234' };
  await addMerchantUser(t.db, { ...a, userName: 'manager', roleIds: [ROLE.accountManager] });
  await addMerchantUser(t.db, { ...a, userName: 'staff', roleIds: [ROLE.accountUser] });
  await addMerchantUser(t.db, { ...a, userName: 'clerk', roleIds: [ROLE.clerk] });
  const branch2 = await addBranch(t.db, scope.merchantAccountId, 'demo-bistro-2');
  await addMerchantUser(t.db, { ...a, merchantBranchId: branch2.id, userName: 'second', roleIds: [ROLE.accountAdmin] });
  const signIn = async (userName: string, domainName = 'demo-bistro', password = 'Staff1234') =>
    (await t.signIn('merchant', { domainName, userName, password })).accessToken;
  const tok = {
    owner: owner.accessToken,
    manager: await signIn('manager'),
    staff: await signIn('staff'),
    clerk: await signIn('clerk'),
    second: await signIn('second', 'demo-bistro-2'),
    other: await signIn('bob', 'other-cafe', 'Bob12345'),
    admin: (await t.signIn('admin')).accessToken,
  };
  const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token: string = tok.owner) =>
    t.json<T>(method, `/api/${path}`, body, token);
  /** Every row of these tables, to show a refused call changed nothing. */
  const snapshot = async (...tables: PgTable[]) =>
    Promise.all(tables.map(async (table) => (await t.db.select().from(table)).map((r) => JSON.stringify(r)).sort()));
  return { t, tok, scope, other, branch2, api, snapshot };
}
export type CatalogueWorld = Awaited<ReturnType<typeof catalogueWorld>>;

/** A multipart body with one file in field `file`. */
export function oneFile(content: Buffer, filename = 'image.png', type = 'image/png') {
  const boundary = `----catalogue${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
