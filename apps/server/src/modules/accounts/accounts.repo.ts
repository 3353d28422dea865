import { eq, sql } from 'drizzle-orm';
import type { Contact, MerchantAccount, MerchantAccountCreate, MerchantAccountDetails } from '@tillpoint/contracts/merchant-account';
import type { Status } from '@tillpoint/contracts/enums';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { merchantAccount } from '../../db/schema';
import { platformRepo } from '../../platform/branch-repo';
import type { TableColumns } from '../../platform/table-load';
import { recordDates } from '../../platform/record-dates';

type AccountRow = typeof merchantAccount.$inferSelect;

/** The list's contact column: first and last name, as one text. */
const contactSql = sql`concat_ws(' ', ${merchantAccount.firstName}, ${merchantAccount.lastName})`;

export const toAccount = (r: AccountRow): MerchantAccount => ({
  id: r.id,
  tradingName: r.tradingName,
  businessName: r.businessName,
  companyNo: r.companyNo,
  vatNo: r.vatNo,
  firstName: r.firstName,
  lastName: r.lastName,
  mobilePhone: r.mobilePhone,
  emailAddress: r.emailAddress,
  contact: [r.firstName, r.lastName].filter(Boolean).join(' '),
  status: r.status as Status,
  ...recordDates(r),
});

const COLUMNS: TableColumns = {
  id: { column: merchantAccount.id, kind: 'number' },
  tradingName: { column: merchantAccount.tradingName, kind: 'text' },
  businessName: { column: merchantAccount.businessName, kind: 'text' },
  companyNo: { column: merchantAccount.companyNo, kind: 'number' },
  vatNo: { column: merchantAccount.vatNo, kind: 'text' },
  contact: { column: contactSql, kind: 'text' },
  status: { column: merchantAccount.status, kind: 'text' },
};

type AccountValues = Partial<typeof merchantAccount.$inferInsert>;
const accounts = platformRepo<typeof merchantAccount, MerchantAccount, AccountValues>(merchantAccount, merchantAccount, {
  columns: COLUMNS,
  toRecord: toAccount,
  toRow: (values) => values,
});

export const listAccounts = (db: Db, request: TableLoadRequest): Promise<TableLoadResponse<MerchantAccount>> => accounts.list(db, request);
export const allAccounts = accounts.all;
export const getAccount = accounts.get;

/** The row itself, locked for the rest of the caller's transaction (delete, status change). */
export async function lockAccount(db: Db, id: number) {
  const [row] = await db.select().from(merchantAccount).where(eq(merchantAccount.id, id)).for('update');
  return row;
}

export const createAccount = (db: Db, input: MerchantAccountCreate) => accounts.create(db, input);
const updateAccount = accounts.update;

export const updateAccountDetails = (db: Db, id: number, input: MerchantAccountDetails) =>
  updateAccount(db, id, { tradingName: input.tradingName, businessName: input.businessName, companyNo: input.companyNo, vatNo: input.vatNo });
export const setAccountContact = (db: Db, id: number, c: Contact) => updateAccount(db, id, c);
export const setAccountStatus = (db: Db, id: number, status: Status) => updateAccount(db, id, { status });
