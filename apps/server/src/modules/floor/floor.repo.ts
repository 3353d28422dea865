import { and, asc, count, eq, gt } from 'drizzle-orm';
import { DEFAULT_ROW_SIZE, type FloorPlanParam, type RestTable, type RestTableInput } from '@tillpoint/contracts/rest-table';
import type { Db } from '../../db/open-db';
import { credential, floorPlan, restTable } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { branchRepo } from '../../platform/branch-repo';
import { lockBranch, ownedBy } from '../../platform/tenancy';

const toRestTable = (r: typeof restTable.$inferSelect): RestTable => ({
  id: r.id,
  tableNo: r.tableNo,
  tableCapacity: r.tableCapacity,
  status: r.status as RestTable['status'],
});

export const restTableRepo = branchRepo<typeof restTable, RestTable, RestTableInput>(restTable, restTable, {
  columns: {
    id: { column: restTable.id, kind: 'number' },
    tableNo: { column: restTable.tableNo, kind: 'number' },
    tableCapacity: { column: restTable.tableCapacity, kind: 'number' },
    status: { column: restTable.status, kind: 'text' },
  },
  toRecord: toRestTable,
  toRow: (i) => ({ tableNo: i.tableNo, tableCapacity: i.tableCapacity, status: i.status }),
});

const own = (s: Scope) => ownedBy(restTable, s);
const ownPlan = (s: Scope) => ownedBy(floorPlan, s);

/** The floor's tables by number (the cards' order). */
export async function floorTables(db: Db, s: Scope, onlyActive = false): Promise<RestTable[]> {
  const rows = await db
    .select()
    .from(restTable)
    .where(and(own(s), onlyActive ? eq(restTable.status, 'ACTIVE') : undefined))
    .orderBy(asc(restTable.tableNo), asc(restTable.id));
  return rows.map(toRestTable);
}

/** GET param: the last resize, or before any the number of tables and the default row size. */
export async function floorParam(db: Db, s: Scope): Promise<FloorPlanParam> {
  const [plan] = await db.select().from(floorPlan).where(ownPlan(s));
  if (plan) return { size: plan.size, rowSize: plan.rowSize };
  const [{ n }] = await db.select({ n: count() }).from(restTable).where(own(s));
  return { size: Number(n), rowSize: DEFAULT_ROW_SIZE };
}

/**
 * Resize: the floor ends with tables 1 to size. Missing numbers are created (ACTIVE, no capacity),
 * tables numbered above size are retired (deleted), tables 1 to size keep their capacity and
 * status. One transaction, under the branch's lock, so two resizes never interleave.
 */
export function resizeFloor(db: Db, s: Scope, size: number, rowSize: number): Promise<RestTable[]> {
  return db.transaction(async (tx) => {
    await lockBranch(tx, s);
    await tx
      .insert(floorPlan)
      .values({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId, size, rowSize })
      .onConflictDoUpdate({ target: [floorPlan.merchantAccountId, floorPlan.merchantBranchId], set: { size, rowSize, updatedDate: new Date() } });
    await tx.delete(restTable).where(and(own(s), gt(restTable.tableNo, size)));
    const have = new Set((await tx.select({ no: restTable.tableNo }).from(restTable).where(own(s))).map((r) => r.no));
    const missing = Array.from({ length: size }, (_, i) => i + 1).filter((no) => !have.has(no));
    if (missing.length) {
      await tx.insert(restTable).values(missing.map((tableNo) => ({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId, tableNo })));
    }
    return floorTables(tx, s);
  });
}

/** The client id the branch's table codes carry (spec 2 §9): its oldest ACTIVE till credential's. */
export async function branchClientId(db: Db, s: Scope): Promise<string | undefined> {
  const [row] = await db
    .select({ clientId: credential.clientId })
    .from(credential)
    .where(ownedBy(credential, s, eq(credential.status, 'ACTIVE')))
    .orderBy(asc(credential.id))
    .limit(1);
  return row?.clientId;
}
