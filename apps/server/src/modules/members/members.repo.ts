import { and, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db';
import { authKey, basket, customerOrder, mailOutbox, memberCard, memberUser, payment, refreshToken } from '../../db/schema';
import type { SavedCardRef } from '../../platform/module';

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
  if (row) return true;
  // A card payment still in flight (or a 3-D Secure challenge open) makes an order any moment now.
  const paying = await db
    .select({ id: payment.id })
    .from(payment)
    .innerJoin(basket, and(eq(basket.merchantAccountId, payment.merchantAccountId), eq(basket.id, payment.basketId)))
    .where(and(eq(basket.memberUserId, memberId), inArray(payment.state, ['PENDING', 'CHALLENGED'])))
    .limit(1);
  return paying.length > 0;
}

/**
 * Erases a member in the caller's transaction and answers the saved cards whose provider tokens are
 * to be removed at the providers after commit. The personal data on their orders and on the card
 * payments' checkout copies is blanked (orders and their money stay for the merchants' books), the
 * mails to their address and their sessions and one-time keys go, then the account, and with it
 * (by cascade) addresses, billing addresses, cards, notes, favourites and feedback; baskets and
 * orders lose the link (set null).
 */
export async function eraseMember(db: Db, memberId: number): Promise<SavedCardRef[]> {
  const [m] = await db.select({ email: memberUser.email }).from(memberUser).where(eq(memberUser.id, memberId)).for('update');
  if (!m) return [];
  const cards = await db
    .select({
      memberUserId: memberCard.memberUserId,
      merchantAccountId: memberCard.merchantAccountId,
      merchantBranchId: memberCard.merchantBranchId,
      provider: memberCard.provider,
      providerToken: memberCard.providerToken,
    })
    .from(memberCard)
    .where(eq(memberCard.memberUserId, memberId));
  await db
    .update(customerOrder)
    .set({ firstName: null, lastName: null, email: null, mobilePhone: null, deliveryAddress: null, billingAddress: null, orderNotes: null, allergies: null })
    .where(eq(customerOrder.memberUserId, memberId));
  const blank = { customer: { firstName: null, lastName: null, email: null, mobilePhone: null }, deliveryAddress: null, billingAddress: null, orderNotes: null, allergies: null, saveFor: null, saveCardFor: null };
  await db.execute(sql`
    update payment set checkout = payment.checkout || ${JSON.stringify(blank)}::jsonb
    from basket
    where basket.merchant_account_id = payment.merchant_account_id and basket.id = payment.basket_id and basket.member_user_id = ${memberId}`);
  await db.delete(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = lower(${m.email})`);
  await db.delete(refreshToken).where(and(eq(refreshToken.userType, 'member'), eq(refreshToken.userId, memberId)));
  await db.delete(authKey).where(and(eq(authKey.userType, 'member'), eq(authKey.userId, memberId)));
  await db.delete(memberUser).where(eq(memberUser.id, memberId));
  return cards;
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
