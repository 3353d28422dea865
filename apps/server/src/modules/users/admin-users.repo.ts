import { asc, eq, or } from 'drizzle-orm';
import type { AdminUser } from '@tillpoint/contracts/admin-user';
import type { Status } from '@tillpoint/contracts/enums';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { adminUser } from '../../db/schema';
import { platformRepo } from '../../platform/branch-repo';
import type { TableColumns } from '../../platform/table-load';
import { isoOrNull, recordDates } from '../../platform/record-dates';

type AdminRow = typeof adminUser.$inferSelect;
export type AdminValues = Pick<typeof adminUser.$inferInsert, 'userName' | 'mobilePhone' | 'firstName' | 'lastName' | 'email'> & {
  status?: Status;
  passwordHash?: string;
};

/** The record as the API shows it: never the password hash. */
export const toAdminUser = (r: AdminRow): AdminUser => ({
  id: r.id,
  userName: r.userName,
  status: r.status as Status,
  mobilePhone: r.mobilePhone,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  locked: r.lockedUntil && r.lockedUntil > new Date() ? 'Y' : 'N',
  wrongEntryNumbers: r.wrongEntryNumbers,
  superUser: r.superUser,
  activationDate: isoOrNull(r.activationDate),
  passwordChangeDate: isoOrNull(r.passwordChangeDate),
  ...recordDates(r),
});

const COLUMNS: TableColumns = {
  id: { column: adminUser.id, kind: 'number' },
  userName: { column: adminUser.userName, kind: 'text' },
  firstName: { column: adminUser.firstName, kind: 'text' },
  lastName: { column: adminUser.lastName, kind: 'text' },
  email: { column: adminUser.email, kind: 'text' },
  mobilePhone: { column: adminUser.mobilePhone, kind: 'text' },
  status: { column: adminUser.status, kind: 'text' },
};

const admins = platformRepo<typeof adminUser, AdminUser, Partial<typeof adminUser.$inferInsert>>(adminUser, adminUser, {
  columns: COLUMNS,
  toRecord: toAdminUser,
  toRow: (values) => values,
});

export const listAdminUsers = (db: Db, request: TableLoadRequest): Promise<TableLoadResponse<AdminUser>> => admins.list(db, request);
export const allAdminUsers = admins.all;
export const getAdminUser = admins.get;

export async function insertAdminUser(db: Db, values: AdminValues & { passwordHash: string }) {
  const now = new Date();
  return admins.create(db, { ...values, activationDate: now, passwordChangeDate: now });
}

export const updateAdminUser = (db: Db, id: number, values: Partial<AdminValues>) =>
  admins.update(db, id, { ...values, ...(values.passwordHash ? { passwordChangeDate: new Date() } : {}) });

export async function deleteAdminUser(db: Db, id: number) {
  const [row] = await db.delete(adminUser).where(eq(adminUser.id, id)).returning();
  return row && toAdminUser(row);
}

/**
 * Locks the administrator `id` and every ACTIVE one, in id order, for the rest of the transaction.
 * Two administrators deactivating each other at once then queue on the same rows in the same order
 * (no deadlock), and the second one re-reads them after the first commits: it sees one left.
 */
export async function lockAdminsForRemoval(tx: Db, id: number) {
  return tx
    .select({ id: adminUser.id, status: adminUser.status })
    .from(adminUser)
    .where(or(eq(adminUser.id, id), eq(adminUser.status, 'ACTIVE')))
    .orderBy(asc(adminUser.id))
    .for('update');
}
