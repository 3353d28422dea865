import { and, eq, isNotNull, notLike, or } from 'drizzle-orm';
import { BRANCH_SETTINGS_DEFAULTS, type BranchSettings } from '@tillpoint/contracts/branch-settings';
import type { Db } from '../../db/open-db';
import { branchSettings, merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { seal, unsealNullable } from '../../platform/crypto';
import { ownedBy } from '../../platform/tenancy';

export type BranchSettingsRow = typeof branchSettings.$inferSelect;
/** The columns a tab's save may write; each save names only its own. */
export type BranchSettingsValues = Partial<Omit<typeof branchSettings.$inferInsert, 'merchantAccountId' | 'merchantBranchId' | 'id' | 'createdDate'>>;

const own = (scope: Scope) => ownedBy(branchSettings, scope);

export async function findBranchSettings(db: Db, scope: Scope): Promise<BranchSettingsRow | undefined> {
  const [row] = await db.select().from(branchSettings).where(own(scope));
  return row;
}

/**
 * Writes only the given columns: the first save of any tab creates the row with the defaults for the
 * rest, later saves leave the other tabs' columns as they are. One statement, so two tabs saved at
 * the same moment cannot lose each other's changes.
 */
export async function saveBranchSettings(db: Db, scope: Scope, given: BranchSettingsValues): Promise<BranchSettingsRow> {
  const values = sealSecrets(given);
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
  const { jwt, password, reportingPassword, merchantAccountId: _a, createdDate: _c, updatedDate: _u, ...rest } = row;
  return { ...rest, hasJwt: !!jwt, hasPassword: !!password, hasReportingPassword: !!reportingPassword };
}

/**
 * The payment provider's JWT and password are kept encrypted (platform/crypto.ts): the server must
 * read them back to call the provider, so they cannot be hashed.
 */
function sealSecrets(v: BranchSettingsValues): BranchSettingsValues {
  return {
    ...v,
    ...(v.jwt ? { jwt: seal(v.jwt) } : {}),
    ...(v.password ? { password: seal(v.password) } : {}),
    ...(v.reportingPassword ? { reportingPassword: seal(v.reportingPassword) } : {}),
  };
}

/** The provider credentials in clear, for the payment adapters. */
export const paymentSecretsOf = (row: BranchSettingsRow) => ({
  jwt: unsealNullable(row.jwt),
  password: unsealNullable(row.password),
  reportingPassword: unsealNullable(row.reportingPassword),
});

/** Start-up step: provider secrets saved before encryption at rest existed are encrypted in place. */
export async function sealStoredPaymentSecrets(db: Db): Promise<number> {
  const plain = (c: typeof branchSettings.jwt | typeof branchSettings.password) => and(isNotNull(c), notLike(c, 'enc:v1:%'));
  const rows = await db.select().from(branchSettings).where(or(plain(branchSettings.jwt), plain(branchSettings.password)));
  for (const r of rows) {
    const sealed = sealSecrets({ jwt: r.jwt, password: r.password });
    await db
      .update(branchSettings)
      .set({ jwt: sealed.jwt, password: sealed.password })
      .where(own(r));
  }
  return rows.length;
}
