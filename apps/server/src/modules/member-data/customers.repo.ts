import { and, count, eq, exists, sql } from 'drizzle-orm';
import type { MemberAddress } from '@tillpoint/contracts/member';
import type { Customer, CustomerRow } from '@tillpoint/contracts/member-data';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { customerOrder, memberAddress, memberUser } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { type TableColumns, loadTable } from '../../platform/table-load';

/**
 * The merchant's Customers screens (spec 2 'Customers'): read-only, and only the members who have
 * ordered from one of the merchant's branches. Members are platform-wide, so the tenant filter is an
 * order of this merchant account by the member (never an id the client sends).
 */
const orderedHere = (s: Scope) =>
  exists(
    sql`(select 1 from ${customerOrder} where ${customerOrder.merchantAccountId} = ${s.merchantAccountId} and ${customerOrder.memberUserId} = ${memberUser.id})`,
  );
const customerOf = (s: Scope) => and(orderedHere(s), eq(memberUser.status, 'ACTIVE'));

const fullName = sql<string>`${memberUser.firstName} || ' ' || ${memberUser.lastName}`;
const rowColumns = { id: memberUser.id, fullName, email: memberUser.email, mobilePhone: memberUser.mobilePhone };

const CUSTOMER_COLUMNS: TableColumns = {
  fullName: { column: fullName, kind: 'text' },
  email: { column: memberUser.email, kind: 'text' },
  mobilePhone: { column: memberUser.mobilePhone, kind: 'text' },
};

export async function customerTable(db: Db, s: Scope, request: TableLoadRequest): Promise<TableLoadResponse<CustomerRow>> {
  return loadTable(
    CUSTOMER_COLUMNS,
    memberUser.id,
    request,
    (q) => db.select(rowColumns).from(memberUser).where(and(customerOf(s), q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset),
    async (where) => {
      const [row] = await db.select({ n: count() }).from(memberUser).where(and(customerOf(s), where));
      return Number(row?.n ?? 0);
    },
  );
}

export async function getCustomer(db: Db, s: Scope, id: number): Promise<Customer> {
  const [row] = await db
    .select({
      id: memberUser.id,
      email: memberUser.email,
      title: memberUser.title,
      firstName: memberUser.firstName,
      lastName: memberUser.lastName,
      mobilePhone: memberUser.mobilePhone,
      birthDay: memberUser.birthDay,
      status: memberUser.status,
    })
    .from(memberUser)
    .where(and(eq(memberUser.id, id), customerOf(s)));
  if (!row) throw notFound();
  return row;
}

const addressColumns = {
  id: memberAddress.id,
  description: memberAddress.description,
  postCode: memberAddress.postCode,
  city: memberAddress.city,
  addressLine1: memberAddress.addressLine1,
  addressLine2: memberAddress.addressLine2,
  addressLine3: memberAddress.addressLine3,
  addressLine4: memberAddress.addressLine4,
  defaultAddress: memberAddress.defaultAddress,
};

/** A customer's delivery addresses (the detail's Addresses selector); 404 for a member who is not this merchant's customer. */
export async function customerAddresses(db: Db, s: Scope, userId: number): Promise<MemberAddress[]> {
  await getCustomer(db, s, userId);
  return db.select(addressColumns).from(memberAddress).where(eq(memberAddress.memberUserId, userId)).orderBy(sql`${memberAddress.defaultAddress} desc`, memberAddress.id);
}

/** One address by id, only when its member is this merchant's customer. */
export async function customerAddress(db: Db, s: Scope, addressId: number): Promise<MemberAddress> {
  const [row] = await db
    .select(addressColumns)
    .from(memberAddress)
    .innerJoin(memberUser, eq(memberUser.id, memberAddress.memberUserId))
    .where(and(eq(memberAddress.id, addressId), customerOf(s)));
  if (!row) throw notFound();
  return row;
}
