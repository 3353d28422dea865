import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { Contact } from '@tillpoint/contracts/merchant-account';
import type { BranchAddress, BranchComboItem, MerchantBranch, MerchantBranchCreate, MerchantBranchDetails } from '@tillpoint/contracts/merchant-branch';
import type { Status } from '@tillpoint/contracts/enums';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { credential, merchantAccount, merchantBranch, merchantUserBranch } from '../../db/schema';
import { platformRepo } from '../../platform/branch-repo';
import { type TableColumns, loadTable } from '../../platform/table-load';
import { recordDates } from '../../platform/record-dates';

type BranchRow = typeof merchantBranch.$inferSelect;

export const toBranch = (r: BranchRow): MerchantBranch => ({
  id: r.id,
  merchantAccountId: r.merchantAccountId,
  tradingName: r.tradingName,
  businessName: r.businessName,
  vatNo: r.vatNo,
  domainName: r.domainName,
  sector: r.sector,
  subsector: r.subsector,
  firstName: r.firstName,
  lastName: r.lastName,
  mobilePhone: r.mobilePhone,
  emailAddress: r.emailAddress,
  address1: r.address1,
  address2: r.address2,
  address3: r.address3,
  address4: r.address4,
  state: r.state,
  city: r.city,
  postCode: r.postCode,
  country: r.country,
  status: r.status as Status,
  ...recordDates(r),
});

const COLUMNS: TableColumns = {
  id: { column: merchantBranch.id, kind: 'number' },
  tradingName: { column: merchantBranch.tradingName, kind: 'text' },
  businessName: { column: merchantBranch.businessName, kind: 'text' },
  vatNo: { column: merchantBranch.vatNo, kind: 'text' },
  domainName: { column: merchantBranch.domainName, kind: 'text' },
  sector: { column: merchantBranch.sector, kind: 'text' },
  city: { column: merchantBranch.city, kind: 'text' },
  postCode: { column: merchantBranch.postCode, kind: 'text' },
  status: { column: merchantBranch.status, kind: 'text' },
};

const ofAccount = (merchantAccountId: number, where?: SQL) => and(eq(merchantBranch.merchantAccountId, merchantAccountId), where);

/** The branches table of an account's detail page. */
export const listBranches = (db: Db, merchantAccountId: number, request: TableLoadRequest): Promise<TableLoadResponse<MerchantBranch>> =>
  loadTable(
    COLUMNS,
    merchantBranch.id,
    request,
    async (q) =>
      (await db.select().from(merchantBranch).where(ofAccount(merchantAccountId, q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map(
        toBranch,
      ),
    (where) => db.$count(merchantBranch, ofAccount(merchantAccountId, where)),
  );

/**
 * Branches as select items, by name: one account's, or only those of it a user works at, or (no
 * filter) every branch on the platform.
 */
export function branchCombo(db: Db, only?: { merchantAccountId: number; userId?: number }): Promise<BranchComboItem[]> {
  const works = only?.userId === undefined ? undefined : sql`exists (select 1 from ${merchantUserBranch} where ${and(
    eq(merchantUserBranch.merchantAccountId, merchantBranch.merchantAccountId),
    eq(merchantUserBranch.merchantBranchId, merchantBranch.id),
    eq(merchantUserBranch.userId, only.userId),
  )})`;
  return db
    .select({ id: merchantBranch.id, tradingName: merchantBranch.tradingName, domainName: merchantBranch.domainName, status: merchantBranch.status })
    .from(merchantBranch)
    .where(only ? ofAccount(only.merchantAccountId, works) : undefined)
    .orderBy(asc(merchantBranch.tradingName), asc(merchantBranch.id)) as Promise<BranchComboItem[]>;
}

/** Branches by id alone: administrators name branches by id, which is unique on the platform. */
const branches = platformRepo<typeof merchantBranch, MerchantBranch, Partial<typeof merchantBranch.$inferInsert>>(merchantBranch, merchantBranch, {
  columns: COLUMNS,
  toRecord: toBranch,
  toRow: (values) => values,
});
export const getBranch = branches.get;

export async function createBranch(db: Db, merchantAccountId: number, input: MerchantBranchCreate) {
  const [row] = await db
    .insert(merchantBranch)
    .values({ ...input, subsector: input.subsector ?? null, merchantAccountId })
    .returning();
  return toBranch(row);
}

const updateBranch = branches.update;

export const updateBranchDetails = (db: Db, id: number, d: MerchantBranchDetails) =>
  updateBranch(db, id, {
    tradingName: d.tradingName,
    businessName: d.businessName,
    vatNo: d.vatNo,
    domainName: d.domainName,
    sector: d.sector,
    subsector: d.subsector ?? null,
  });
export const setBranchContact = (db: Db, id: number, c: Contact) => updateBranch(db, id, c);
export const setBranchAddress = (db: Db, id: number, a: BranchAddress) =>
  updateBranch(db, id, {
    address1: a.address1,
    address2: a.address2 ?? null,
    address3: a.address3 ?? null,
    address4: a.address4 ?? null,
    state: a.state ?? null,
    city: a.city,
    postCode: a.postCode,
    country: a.country,
  });
export const setBranchStatus = (db: Db, id: number, status: Status) => updateBranch(db, id, { status });

/** A store customers may reach: the branch and its account are both ACTIVE. */
const publicStore = sql`${merchantBranch.status} = 'ACTIVE' and ${merchantAccount.status} = 'ACTIVE'`;

/** Public look-ups of the storefront (no sign-in): only what a customer may see, only of live stores. */
export async function findPublicStore(db: Db, where: { id: number } | { domainName: string } | { clientId: string }) {
  // A table QR code names its branch by an ACTIVE till credential's client id (floor module, spec 2 §9).
  const byClient = (clientId: string) =>
    sql`exists (select 1 from ${credential} where ${credential.merchantAccountId} = ${merchantBranch.merchantAccountId}
      and ${credential.merchantBranchId} = ${merchantBranch.id} and ${credential.clientId} = ${clientId} and ${credential.status} = 'ACTIVE')`;
  const [row] = await db
    .select({ id: merchantBranch.id, tradingName: merchantBranch.tradingName, domainName: merchantBranch.domainName })
    .from(merchantBranch)
    .innerJoin(merchantAccount, eq(merchantAccount.id, merchantBranch.merchantAccountId))
    .where(
      and(
        'id' in where ? eq(merchantBranch.id, where.id) : 'clientId' in where ? byClient(where.clientId) : sql`lower(${merchantBranch.domainName}) = lower(${where.domainName})`,
        publicStore,
      ),
    );
  return row;
}
