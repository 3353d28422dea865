import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { getTableName } from 'drizzle-orm';
import type { DataResetAudit, DataSyncRequest, SyncGroup } from '@tillpoint/contracts/data-sync';
import { SYNC_GROUPS } from '@tillpoint/contracts/data-sync';
import type { Db } from '../../db/open-db';
import { credential, dataResetAudit, dataSyncRequest } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { ownedBy } from '../../platform/tenancy';
import { queryRows } from '../../db/rows';
import { isoOrNull } from '../../platform/record-dates';

type RequestRow = typeof dataSyncRequest.$inferSelect;
type AuditRow = typeof dataResetAudit.$inferSelect;

/** Groups travel comma-joined in the row; unknown names (from an older version) are dropped. */
export const groupsOf = (text: string): SyncGroup[] => text.split(',').filter((g): g is SyncGroup => (SYNC_GROUPS as string[]).includes(g));

export const toSyncRequest = (r: RequestRow): DataSyncRequest => ({
  id: r.id,
  merchantAccountId: r.merchantAccountId,
  merchantBranchId: r.merchantBranchId,
  groups: groupsOf(r.groups),
  requestedBy: r.requestedBy,
  requestedDate: r.requestedDate.toISOString(),
  deliveredDate: isoOrNull(r.deliveredDate),
  deliveredToCredentialId: r.deliveredToCredentialId,
});

const toAudit = (r: AuditRow): DataResetAudit => ({
  id: r.id,
  merchantAccountId: r.merchantAccountId,
  merchantBranchId: r.merchantBranchId,
  transactions: r.transactions,
  definitions: r.definitions,
  resetBy: r.resetBy,
  resetDate: r.resetDate.toISOString(),
  summary: JSON.parse(r.summary) as Record<string, number>,
});

const ofBranch = (s: Scope) => ownedBy(dataSyncRequest, s);

export async function insertSyncRequest(db: Db, s: Scope, groups: SyncGroup[], requestedBy: number) {
  const [row] = await db
    .insert(dataSyncRequest)
    .values({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId, groups: groups.join(','), requestedBy })
    .returning();
  return toSyncRequest(row);
}

/** A branch's requests, newest first (the page shows whether a till has fetched them). */
export async function syncRequestsOfBranch(db: Db, s: Scope, limit = 100) {
  const rows = await db.select().from(dataSyncRequest).where(ofBranch(s)).orderBy(desc(dataSyncRequest.id)).limit(limit);
  return rows.map(toSyncRequest);
}

/**
 * Takes the branch's pending requests for one till: rows another till is taking at this moment are
 * skipped (FOR UPDATE SKIP LOCKED) and the ones taken are marked delivered in the same transaction,
 * so a request is delivered exactly once, to one till.
 */
export async function claimPendingRequests(tx: Db, s: Scope, credentialId: number, batch = 100) {
  const pending = await tx
    .select({ id: dataSyncRequest.id })
    .from(dataSyncRequest)
    .where(and(ofBranch(s), isNull(dataSyncRequest.deliveredDate)))
    .orderBy(asc(dataSyncRequest.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  if (!pending.length) return [];
  const rows = await tx
    .update(dataSyncRequest)
    .set({ deliveredDate: new Date(), deliveredToCredentialId: credentialId })
    .where(and(ofBranch(s), inArray(dataSyncRequest.id, pending.map((p) => p.id))))
    .returning();
  return rows.sort((a, b) => a.id - b.id).map(toSyncRequest);
}

/** The till's credential as it is now (its token may outlive a lock or deactivation by minutes). */
export async function findCredential(db: Db, s: Scope, id: number) {
  const [row] = await db
    .select({ status: credential.status, locked: credential.locked, masterDevice: credential.masterDevice, merchantBranchId: credential.merchantBranchId })
    .from(credential)
    .where(and(eq(credential.merchantAccountId, s.merchantAccountId), eq(credential.id, id)));
  return row;
}

/** Whether the branch has an ACTIVE, unlocked master till. */
export async function branchHasMaster(db: Db, s: Scope) {
  const rows = await db
    .select({ id: credential.id })
    .from(credential)
    .where(
      ownedBy(credential, s, and(eq(credential.masterDevice, true), eq(credential.status, 'ACTIVE'), eq(credential.locked, false))),
    )
    .limit(1);
  return rows.length > 0;
}

/** Deletes a branch-owned table's rows of one branch; returns how many went. */
export async function deleteBranchRows(tx: Db, table: PgTable, s: Scope): Promise<number> {
  const [gone] = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (delete from ${table} where merchant_account_id = ${s.merchantAccountId} and merchant_branch_id = ${s.merchantBranchId} returning 1)
        select count(*)::int as n from gone`,
  );
  return gone.n;
}

export const tableName = (table: PgTable) => getTableName(table);

export async function insertResetAudit(tx: Db, s: Scope, r: { transactions: boolean; definitions: boolean; resetBy: number; summary: Record<string, number> }) {
  const [row] = await tx
    .insert(dataResetAudit)
    .values({ ...s, transactions: r.transactions, definitions: r.definitions, resetBy: r.resetBy, summary: JSON.stringify(r.summary) })
    .returning();
  return toAudit(row);
}

export async function resetAuditsOfBranch(db: Db, s: Scope, limit = 100) {
  const rows = await db
    .select()
    .from(dataResetAudit)
    .where(ownedBy(dataResetAudit, s))
    .orderBy(desc(dataResetAudit.id))
    .limit(limit);
  return rows.map(toAudit);
}
