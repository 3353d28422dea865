import { and, eq } from 'drizzle-orm';
import { BRANCH_SETTINGS_DEFAULTS, type BranchSettings } from '@tillpoint/contracts/branch-settings';
import type { Db } from '../../db/open-db';
import { branchSettings, merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';

export type BranchSettingsRow = typeof branchSettings.$inferSelect;
/** The columns a tab's save may write; each save names only its own. */
export type BranchSettingsValues = Partial<Omit<typeof branchSettings.$inferInsert, 'merchantAccountId' | 'merchantBranchId' | 'id' | 'createdDate'>>;

const own = (scope: Scope) =>
  and(eq(branchSettings.merchantAccountId, scope.merchantAccountId), eq(branchSettings.merchantBranchId, scope.merchantBranchId));

export async function findBranchSettings(db: Db, scope: Scope): Promise<BranchSettingsRow | undefined> {
  const [row] = await db.select().from(branchSettings).where(own(scope));
  return row;
}

/**
 * Writes only the given columns: the first save of any tab creates the row with the defaults for the
 * rest, later saves leave the other tabs' columns as they are. One statement, so two tabs saved at
 * the same moment cannot lose each other's changes.
 */
export async function saveBranchSettings(db: Db, scope: Scope, values: BranchSettingsValues): Promise<BranchSettingsRow> {
  const [row] = await db
    .insert(branchSettings)
    .values({ ...values, merchantAccountId: scope.merchantAccountId, merchantBranchId: scope.merchantBranchId })
    .onConflictDoUpdate({ target: [branchSettings.merchantAccountId, branchSettings.merchantBranchId], set: { ...values, updatedDate: new Date() } })
    .returning();
  return row;
}

/** The branch's own status (the storefront's member view shows it). */
export async function branchStatus(db: Db, scope: Scope): Promise<string | undefined> {
  const [row] = await db
    .select({ status: merchantBranch.status })
    .from(merchantBranch)
    .where(and(eq(merchantBranch.merchantAccountId, scope.merchantAccountId), eq(merchantBranch.id, scope.merchantBranchId)));
  return row?.status;
}

/** The admin shape: everything but the secrets, which show only as present or not. */
export function branchSettingsRecord(scope: Scope, row: BranchSettingsRow | undefined, defaults: Partial<BranchSettings> = {}): BranchSettings {
  if (!row) return { ...BRANCH_SETTINGS_DEFAULTS, ...defaults, id: null, merchantBranchId: scope.merchantBranchId };
  const { jwt, password, merchantAccountId: _a, createdDate: _c, updatedDate: _u, ...rest } = row;
  return { ...rest, hasJwt: !!jwt, hasPassword: !!password };
}
