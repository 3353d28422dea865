import type { Db } from '../db/open-db';
import type { TestApp } from './harness';
import { randomUUID } from 'node:crypto';
import { credential, licence, merchantAccount, merchantBranch, merchantUser, merchantUserBranch, merchantUserRole } from '../db/schema';
import { newOpaqueToken, sha256 } from '../platform/random';
import { hashPassword } from '../platform/passwords';

const hashes = new Map<string, Promise<string>>();
/** argon2 costs ~100 ms a password: tests hash each password once per file (a fresh salt each is not what they test). */
export function testHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Role ids of the reference data (db/reference-data.ts). */
export const ROLE = { accountAdmin: 1, accountManager: 2, accountUser: 3, clerk: 4, kitchen: 5 } as const;

/** A merchant user of an existing account and branch, with the given roles. */
export async function addMerchantUser(
  db: Db,
  u: { merchantAccountId: number; merchantBranchId: number; userName: string; password: string; roleIds: number[]; email?: string; id?: number },
) {
  const [user] = await db
    .insert(merchantUser)
    .values({
      ...(u.id ? { id: u.id } : {}),
      merchantAccountId: u.merchantAccountId,
      userName: u.userName,
      passwordHash: await testHash(u.password),
      firstName: u.userName,
      lastName: 'Tester',
      email: u.email ?? `${u.userName}@example.com`,
      mobilePhone: '07700 900100',
      activationDate: new Date(),
    })
    .returning();
  for (const roleId of u.roleIds) await db.insert(merchantUserRole).values({ merchantAccountId: u.merchantAccountId, userId: user.id, roleId });
  await db.insert(merchantUserBranch).values({ merchantAccountId: u.merchantAccountId, userId: user.id, merchantBranchId: u.merchantBranchId });
  return user;
}

/** A second tenant: account, branch with a WEB_ORDER licence, and an ACCOUNT_ADMIN user. */
export async function addMerchant(db: Db, m: { domainName: string; userName: string; password: string; userId?: number }) {
  const [account] = await db
    .insert(merchantAccount)
    .values({ tradingName: m.domainName, businessName: `${m.domainName} Ltd`, companyNo: 87654321, vatNo: 'GB987654321' })
    .returning();
  const branch = await addBranch(db, account.id, m.domainName);
  const user = await addMerchantUser(db, {
    merchantAccountId: account.id,
    merchantBranchId: branch.id,
    userName: m.userName,
    password: m.password,
    roleIds: [ROLE.accountAdmin],
    id: m.userId,
  });
  return { merchantAccountId: account.id, merchantBranchId: branch.id, user };
}

/** Another branch of an account, licensed for WEB_ORDER. */
export async function addBranch(db: Db, merchantAccountId: number, domainName: string) {
  const [branch] = await db
    .insert(merchantBranch)
    .values({ merchantAccountId, tradingName: domainName, businessName: `${domainName} Ltd`, vatNo: 'GB987654321', domainName })
    .returning();
  await db.insert(licence).values({
    merchantAccountId,
    merchantBranchId: branch.id,
    serviceName: 'WEB_ORDER',
    licenseStatus: 'ACTIVE',
    actionReason: 'PAYMENT_COMPLETED',
  });
  return branch;
}

/** A till credential of a branch; the secret is returned for POST till/auth. */
export async function addTillCredential(db: Db, scope: { merchantAccountId: number; merchantBranchId: number }, opts: { masterDevice?: boolean; locked?: boolean } = {}) {
  const clientSecret = newOpaqueToken();
  const [row] = await db
    .insert(credential)
    .values({ ...scope, clientId: randomUUID(), clientSecretHash: sha256(clientSecret), masterDevice: opts.masterDevice ?? false, locked: opts.locked ?? false })
    .returning();
  return { id: row.id, clientId: row.clientId, clientSecret };
}

/** The usual start of an admin-area test file: both demo sign-ins and the demo store's ids. */
export async function signInDemo(t: TestApp) {
  const admin = (await t.signIn('admin')).accessToken;
  const owner = await t.signIn('merchant');
  return { admin, merchant: owner.accessToken, demoAccount: owner.userDTO.merchantAccountId, demoBranch: owner.userDTO.merchantBranchId };
}
