import type { DataResetAudit, DataResetRequest, DataSyncRequest, DataUploadRequest, SyncGroup, TillSyncResponse } from '@tillpoint/contracts/data-sync';
import { tickedGroups } from '@tillpoint/contracts/data-sync';
import type { Db } from '../../db/open-db';
import type { Scope, TillPrincipal } from '../../platform/auth';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { HttpError, notFound } from '../../platform/errors';
import type { ModuleRegistry } from '../../platform/module';
import { inDeleteOrder, lockBranch } from '../../platform/tenancy';
import {
  branchHasMaster,
  claimPendingRequests,
  deleteBranchRows,
  findCredential,
  insertResetAudit,
  insertSyncRequest,
  tableName,
} from './data-sync.repo';

/** Data Sync: records that the branch's tills should fetch these groups at their next sync. */
export function requestSync(db: Db, scope: Scope, input: DataUploadRequest, adminId: number): Promise<DataSyncRequest> {
  return insertSyncRequest(db, scope, tickedGroups(input), adminId);
}

/**
 * Each group's current data, read in the caller's transaction. Groups whose areas are not built yet
 * have no data on the platform: they come as empty arrays and are named in notAvailable, so a till
 * can tell "nothing to send yet" from "the branch has none".
 */
async function groupData(
  tx: Db,
  scope: Scope,
  groups: Set<SyncGroup>,
  registry: ModuleRegistry,
): Promise<Pick<TillSyncResponse, 'data' | 'notAvailable'>> {
  // Each group's shape is checked by the reply schema (tillSyncResponseSchema) on the way out.
  const data: Partial<Record<SyncGroup, unknown[]>> = {};
  const notAvailable: SyncGroup[] = [];
  for (const g of groups) {
    const provider = registry.syncProvider(g);
    data[g] = provider ? await provider(tx, scope) : [];
    if (!provider) notAvailable.push(g);
  }
  return { data: data as TillSyncResponse['data'], notAvailable };
}

/**
 * GET till/sync. A shop with two tills needs both to end up with the new data, but a request is
 * delivered once (the row records one till). The till that takes it is the branch's master device
 * when it has one: in a multi-till shop the master keeps the shop's data and the other tills read
 * it over the shop's network, so a second till must not take the request away from the master.
 * Without a master (a one-till shop) whichever till asks first takes it. Claiming uses FOR UPDATE
 * SKIP LOCKED, so two tills asking at the same moment never both take the same request.
 */
export async function tillSync(db: Db, till: TillPrincipal, registry: ModuleRegistry): Promise<TillSyncResponse> {
  const { scope, credentialId } = till;
  return db.transaction(async (tx) => {
    const c = await findCredential(tx, scope, credentialId);
    if (!c || c.merchantBranchId !== scope.merchantBranchId) throw new HttpError(401, MESSAGES.tillBadCredentials);
    if (c.status !== 'ACTIVE') throw new HttpError(401, MESSAGES.tillCredentialPassive);
    if (c.locked) throw new HttpError(401, MESSAGES.tillCredentialLocked);
    const empty: TillSyncResponse = { merchantBranchId: scope.merchantBranchId, requests: [], data: {}, notAvailable: [] };
    if (!c.masterDevice && (await branchHasMaster(tx, scope))) return empty;
    const claimed = await claimPendingRequests(tx, scope, credentialId);
    if (!claimed.length) return empty;
    const groups = new Set(claimed.flatMap((r) => r.groups));
    return {
      merchantBranchId: scope.merchantBranchId,
      requests: claimed.map((r) => ({ id: r.id, groups: r.groups, requestedDate: r.requestedDate })),
      ...(await groupData(tx, scope, groups, registry)),
    };
  });
}

/**
 * Data Reset: deletes the branch's transactions and/or definitions and writes the audit record,
 * all in one transaction: a failure anywhere leaves every row where it was, and no audit claims a
 * reset that did not happen. The branch row is locked so two resets of a branch run one by one.
 */
export async function resetBranch(
  db: Db,
  scope: Scope,
  input: DataResetRequest,
  adminId: number,
  resetTables: ModuleRegistry['resetTables'],
): Promise<DataResetAudit> {
  return db.transaction(async (tx) => {
    if (!(await lockBranch(tx, scope))) throw notFound();
    const summary: Record<string, number> = {};
    const parts = [
      [input.transactions, resetTables.transactions],
      [input.definitions, resetTables.definitions],
    ] as const;
    for (const [ticked, tables] of parts) {
      if (!ticked) continue;
      for (const table of await inDeleteOrder(tx, tables)) summary[tableName(table)] = await deleteBranchRows(tx, table, scope);
    }
    return insertResetAudit(tx, scope, { transactions: input.transactions, definitions: input.definitions, resetBy: adminId, summary });
  });
}
