import { and, eq, sql } from 'drizzle-orm';
import type { LicenceFlags } from '@tillpoint/contracts/auth';
import type { ServiceName } from '@tillpoint/contracts/enums';
import type { ActionReason, Licence, LicenceFields, LicenceReportRow, LicenseStatus } from '@tillpoint/contracts/licence';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { licence, merchantAccount, merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { demoEnd, grants } from '../../platform/licence-grants';
import { branchRepo } from '../../platform/branch-repo';
import { type TableColumns, loadTable } from '../../platform/table-load';
import { licenceValues, remainingDaysText } from './licences.rules';
import { ownedBy } from '../../platform/tenancy';
import { recordDates } from '../../platform/record-dates';

type LicenceRow = typeof licence.$inferSelect;

// What makes a licence grant its service (and the sign-in's check) lives in platform/licence-grants.ts.

/**
 * The services of a store as the public storefront sees them: a branch that is PASSIVE, or whose
 * account is, grants nothing, and neither does an unknown branch id.
 */
export async function storeServices(db: Db, merchantBranchId: number): Promise<Set<ServiceName>> {
  const rows = await db
    .select({ serviceName: licence.serviceName })
    .from(licence)
    .innerJoin(merchantBranch, and(eq(merchantBranch.merchantAccountId, licence.merchantAccountId), eq(merchantBranch.id, licence.merchantBranchId)))
    .innerJoin(merchantAccount, eq(merchantAccount.id, merchantBranch.merchantAccountId))
    .where(and(eq(merchantBranch.id, merchantBranchId), eq(merchantBranch.status, 'ACTIVE'), eq(merchantAccount.status, 'ACTIVE'), grants));
  return new Set(rows.map((r) => r.serviceName as ServiceName));
}

export function licenceFlags(services: Set<ServiceName>): LicenceFlags {
  return {
    hasWebOrderLicense: services.has('WEB_ORDER'),
    hasWebMenuLicense: services.has('WEB_MENU'),
    hasTableOrderLicense: services.has('TABLE_ORDER'),
  };
}

export const toLicence = (r: LicenceRow, now: Date = new Date()): Licence => ({
  id: r.id,
  merchantBranchId: r.merchantBranchId,
  serviceName: r.serviceName as ServiceName,
  licenseStatus: r.licenseStatus as LicenseStatus,
  actionReason: r.actionReason as ActionReason,
  actionReasonDescription: r.actionReasonDescription,
  validDays: r.validDays,
  ...recordDates(r),
  remainingDaysText: remainingDaysText(r, now),
});

const BRANCH_COLUMNS: TableColumns = {
  id: { column: licence.id, kind: 'number' },
  serviceName: { column: licence.serviceName, kind: 'text' },
  licenseStatus: { column: licence.licenseStatus, kind: 'text' },
  actionReason: { column: licence.actionReason, kind: 'text' },
  validDays: { column: licence.validDays, kind: 'number' },
  createdDate: { column: licence.createdDate, kind: 'date' },
};

/** A branch's licences through the generic calls; validDays is cleared here for every status but DEMO. */
export const licenceRepo = branchRepo<typeof licence, Licence, LicenceFields>(
  licence,
  { merchantAccountId: licence.merchantAccountId, merchantBranchId: licence.merchantBranchId, id: licence.id },
  {
    columns: BRANCH_COLUMNS,
    toRecord: (r) => toLicence(r),
    toRow: (input) => {
      const v = licenceValues(input);
      return {
        serviceName: v.serviceName,
        licenseStatus: v.licenseStatus,
        actionReason: v.actionReason,
        actionReasonDescription: v.actionReasonDescription ?? null,
        validDays: v.validDays,
      };
    },
  },
);

/** Another licence of the branch for the same service (a branch holds one licence per service). */
export async function otherLicenceOfService(db: Db, scope: Scope, serviceName: string, exceptId?: number) {
  const rows = await db
    .select({ id: licence.id })
    .from(licence)
    .where(ownedBy(licence, scope, and(eq(licence.serviceName, serviceName), exceptId === undefined ? undefined : sql`${licence.id} <> ${exceptId}`)));
  return rows.length > 0;
}

const REPORT_COLUMNS: TableColumns = {
  ...BRANCH_COLUMNS,
  branchName: { column: merchantBranch.tradingName, kind: 'text' },
  domainName: { column: merchantBranch.domainName, kind: 'text' },
};

/** The licences page: every branch's licences with the branch's name and domain. */
export function listLicenceReport(db: Db, request: TableLoadRequest): Promise<TableLoadResponse<LicenceReportRow>> {
  const join = and(eq(merchantBranch.merchantAccountId, licence.merchantAccountId), eq(merchantBranch.id, licence.merchantBranchId));
  const now = new Date();
  return loadTable(
    REPORT_COLUMNS,
    licence.id,
    request,
    async (q) =>
      (
        await db
          .select({ l: licence, branchName: merchantBranch.tradingName, domainName: merchantBranch.domainName })
          .from(licence)
          .innerJoin(merchantBranch, join)
          .where(q.where)
          .orderBy(...q.orderBy)
          .limit(q.limit)
          .offset(q.offset)
      ).map((r) => ({ ...toLicence(r.l, now), branchName: r.branchName, domainName: r.domainName })),
    async (where) => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(licence).innerJoin(merchantBranch, join).where(where);
      return row.n;
    },
  );
}

const EXPIRY_BATCH = 500;

/**
 * The DEMO expiry job: lapsed DEMO licences become PASSIVE with action reason EXPIRED (validDays
 * cleared, as for any status but DEMO). Rows are claimed with SKIP LOCKED, so server instances
 * running the job together never touch the same licence. Returns how many were marked.
 */
export async function expireDemoLicences(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = db
      .select({ merchantAccountId: licence.merchantAccountId, id: licence.id })
      .from(licence)
      .where(sql`${licence.licenseStatus} = 'DEMO' and ${demoEnd} <= now()`)
      .limit(EXPIRY_BATCH)
      .for('update', { skipLocked: true });
    // One statement: SET reads the old row, so the description still knows the days that ran out.
    const marked = await db
      .update(licence)
      .set({
        licenseStatus: 'PASSIVE',
        actionReason: 'EXPIRED',
        actionReasonDescription: sql`'The DEMO period of ' || coalesce(${licence.validDays}, 0) || ' days ended.'`,
        validDays: null,
        updatedDate: new Date(),
      })
      .where(sql`(${licence.merchantAccountId}, ${licence.id}) in (${claimed}) and ${licence.licenseStatus} = 'DEMO'`)
      .returning({ id: licence.id });
    total += marked.length;
    if (marked.length < EXPIRY_BATCH) return total;
  }
}
