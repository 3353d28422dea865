import { and, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db';
import { customerOrder, memberUser } from '../../db/schema';

export type MemberRow = typeof memberUser.$inferSelect;

/** E-mail is unique whatever its case (the unique index is on lower(email)). */
const byEmail = (email: string) => sql`lower(${memberUser.email}) = lower(${email})`;

export async function findMemberByEmail(db: Db, email: string): Promise<MemberRow | undefined> {
  const [m] = await db.select().from(memberUser).where(byEmail(email));
  return m;
}

export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  const [m] = await db.select().from(memberUser).where(eq(memberUser.id, id));
  return m;
}

export async function findMemberByGoogleSubject(db: Db, subject: string): Promise<MemberRow | undefined> {
  const [m] = await db.select().from(memberUser).where(eq(memberUser.googleSubject, subject));
  return m;
}

/**
 * The account a registration begins with: unverified, no password, until the mailed code comes back.
 * A concurrent start for the same address finds the other's row (the unique index decides).
 */
export async function findOrCreatePending(db: Db, email: string): Promise<MemberRow> {
  const [created] = await db
    .insert(memberUser)
    .values({ email, firstName: '', lastName: '' })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findMemberByEmail(db, email);
  if (!existing) throw new Error('member vanished between insert and select');
  return existing;
}

export type MemberChanges = Partial<
  Pick<
    MemberRow,
    | 'firstName'
    | 'lastName'
    | 'title'
    | 'mobilePhone'
    | 'birthDay'
    | 'emailVerified'
    | 'passwordHash'
    | 'googleSubject'
    | 'passwordChangeDate'
    | 'wrongEntryNumbers'
    | 'status'
    | 'email'
  >
>;

export async function updateMember(db: Db, id: number, changes: MemberChanges): Promise<MemberRow | undefined> {
  const [m] = await db
    .update(memberUser)
    .set({ ...changes, updatedDate: new Date() })
    .where(eq(memberUser.id, id))
    .returning();
  return m;
}

/** Counts a wrong password (shown nowhere yet, kept as for staff); the throttle does the slowing. */
export async function recordMemberFailure(db: Db, id: number) {
  await db
    .update(memberUser)
    .set({ wrongEntryNumbers: sql`${memberUser.wrongEntryNumbers} + 1` })
    .where(and(eq(memberUser.id, id), eq(memberUser.status, 'ACTIVE')));
}

/** Orders that end in these states are done; any other is still being handled. */
const DONE_ORDER_STATES = ['ORDER_CANCELLED', 'ORDER_DECLINED', 'ORDER_DELIVERED', 'ORDER_CLOSED'];

export async function hasOrderInProgress(db: Db, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customerOrder.id })
    .from(customerOrder)
    .where(and(eq(customerOrder.memberUserId, memberId), notInArray(customerOrder.orderStatus, DONE_ORDER_STATES)))
    .limit(1);
  return !!row;
}

/**
 * Erases a member: the personal data on their orders is blanked (the orders stay for the merchants'
 * books), then the account goes, and with it (by cascade) addresses, cards, notes, favourites and
 * feedback; baskets and orders lose the link (set null).
 */
export async function eraseMember(db: Db, memberId: number) {
  await db
    .update(customerOrder)
    .set({ firstName: null, lastName: null, email: null, mobilePhone: null, deliveryAddress: null, orderNotes: null, allergies: null })
    .where(eq(customerOrder.memberUserId, memberId));
  await db.delete(memberUser).where(eq(memberUser.id, memberId));
}

/** A registration begun and never finished is forgotten after this (its code lived 30 minutes). */
export const PENDING_MEMBER_TTL_MS = 24 * 3_600_000;

/** Clean-up job: pending accounts (no verified e-mail, no password, no Google) past their day. */
export async function purgePendingMembers(db: Db, now = new Date()) {
  const deleted = await db
    .delete(memberUser)
    .where(
      and(
        eq(memberUser.emailVerified, false),
        isNull(memberUser.passwordHash),
        isNull(memberUser.googleSubject),
        lt(memberUser.createdDate, new Date(now.getTime() - PENDING_MEMBER_TTL_MS)),
      ),
    )
    .returning({ id: memberUser.id });
  return deleted.length;
}
