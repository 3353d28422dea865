import { and, desc, eq, ne } from 'drizzle-orm';
import {
  DEFAULT_ADDRESS_SUFFIX,
  type MemberAddress,
  type MemberAddressInput,
  type MemberCard,
  type MemberFeedback,
  type MemberNotes,
} from '@tillpoint/contracts/member';
import type { Db } from '../../db/open-db';
import type { SavedCardRef } from '../../platform/module';
import { memberAddress, memberBillingAddress, memberCard, memberFeedback, memberNotes, memberUser, merchantAccount, merchantBranch } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { toCard } from '../../platform/member-cards';
import { enqueueMail } from '../../platform/outbox';

/**
 * A member's own data (spec 3 §7.5). Every function takes the signed-in member's id first and every
 * query filters on it (ARCHITECTURE §3: member data is keyed by the member), so another member's
 * ids are simply not found.
 */

/**
 * Delivery and billing addresses share their columns (schema.ts memberAddressColumns), so one set of
 * functions serves both; the billing table is used through the delivery table's column types.
 */
export type AddressTable = typeof memberAddress;
export const ADDRESS_TABLES = { delivery: memberAddress, billing: memberBillingAddress as unknown as AddressTable } as const;

type AddressRow = typeof memberAddress.$inferSelect;
const toAddress = (r: AddressRow): MemberAddress => ({
  id: r.id,
  description: r.description,
  postCode: r.postCode,
  city: r.city,
  addressLine1: r.addressLine1,
  addressLine2: r.addressLine2,
  addressLine3: r.addressLine3,
  addressLine4: r.addressLine4,
  defaultAddress: r.defaultAddress,
});

/** Spec 3 §3: a description ending in ' (Default Address)' has the suffix stripped when used. */
const stripSuffix = (d: string | null | undefined) => {
  const v = d?.endsWith(DEFAULT_ADDRESS_SUFFIX) ? d.slice(0, -DEFAULT_ADDRESS_SUFFIX.length).trim() : d?.trim();
  return v || null;
};
const addressValues = (input: MemberAddressInput) => ({
  description: stripSuffix(input.description),
  postCode: input.postCode.toUpperCase(),
  city: input.city,
  addressLine1: input.addressLine1,
  addressLine2: input.addressLine2 || null,
  addressLine3: input.addressLine3 || null,
  addressLine4: input.addressLine4 || null,
});

const mine = (t: AddressTable, memberId: number, id: number) => and(eq(t.memberUserId, memberId), eq(t.id, id));

export async function listAddresses(db: Db, t: AddressTable, memberId: number): Promise<MemberAddress[]> {
  const rows = await db.select().from(t).where(eq(t.memberUserId, memberId)).orderBy(desc(t.defaultAddress), t.id);
  return rows.map(toAddress);
}

export async function getAddress(db: Db, t: AddressTable, memberId: number, id: number): Promise<MemberAddress> {
  const [row] = await db.select().from(t).where(mine(t, memberId, id));
  if (!row) throw notFound();
  return toAddress(row);
}

/** Clears the member's default (the partial unique index allows one; it is checked row by row, so clear first). */
const clearDefault = (tx: Db, t: AddressTable, memberId: number) =>
  tx.update(t).set({ defaultAddress: false }).where(and(eq(t.memberUserId, memberId), eq(t.defaultAddress, true)));

/** A new address; the member's first address is the default whatever was asked. */
export async function createAddress(db: Db, t: AddressTable, memberId: number, input: MemberAddressInput): Promise<MemberAddress> {
  return db.transaction(async (tx) => {
    const [any] = await tx.select({ id: t.id }).from(t).where(eq(t.memberUserId, memberId)).limit(1);
    const makeDefault = input.defaultAddress || !any;
    if (makeDefault) await clearDefault(tx, t, memberId);
    const [row] = await tx
      .insert(t)
      .values({ memberUserId: memberId, ...addressValues(input), defaultAddress: makeDefault })
      .returning();
    return toAddress(row);
  });
}

/** Updates one of the member's addresses; asking for default makes it the one default (unticking keeps it: a default is moved, not removed). */
export async function updateAddress(db: Db, t: AddressTable, memberId: number, id: number, input: MemberAddressInput): Promise<MemberAddress> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(t).where(mine(t, memberId, id)).for('update');
    if (!row) throw notFound();
    if (input.defaultAddress && !row.defaultAddress) await clearDefault(tx, t, memberId);
    const [saved] = await tx
      .update(t)
      .set({ ...addressValues(input), defaultAddress: row.defaultAddress || input.defaultAddress, updatedDate: new Date() })
      .where(mine(t, memberId, id))
      .returning();
    return toAddress(saved);
  });
}

export async function setDefaultAddress(db: Db, t: AddressTable, memberId: number, id: number): Promise<MemberAddress> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(t).where(mine(t, memberId, id)).for('update');
    if (!row) throw notFound();
    await clearDefault(tx, t, memberId);
    const [saved] = await tx.update(t).set({ defaultAddress: true, updatedDate: new Date() }).where(mine(t, memberId, id)).returning();
    return toAddress(saved);
  });
}

/** Removes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Db, t: AddressTable, memberId: number, id: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(t).where(mine(t, memberId, id)).returning({ defaultAddress: t.defaultAddress });
    if (!gone) throw notFound();
    if (!gone.defaultAddress) return;
    const [next] = await tx.select({ id: t.id }).from(t).where(eq(t.memberUserId, memberId)).orderBy(desc(t.id)).limit(1);
    if (next) await tx.update(t).set({ defaultAddress: true }).where(mine(t, memberId, next.id));
  });
}

// ---- cards: provider tokens with brand, last four and expiry (never a number or CVV) ----

/** The member's cards, or only those saved through one branch (a provider token works only with the account it was made with). */
export async function listCards(db: Db, memberId: number, branchId?: number): Promise<MemberCard[]> {
  const rows = await db
    .select()
    .from(memberCard)
    .where(and(eq(memberCard.memberUserId, memberId), branchId === undefined ? undefined : eq(memberCard.merchantBranchId, branchId)))
    .orderBy(desc(memberCard.defaultCard), memberCard.id);
  return rows.map(toCard);
}

const myCard = (memberId: number, id: number) => and(eq(memberCard.memberUserId, memberId), eq(memberCard.id, id));

export async function getCard(db: Db, memberId: number, id: number): Promise<MemberCard> {
  const [row] = await db.select().from(memberCard).where(myCard(memberId, id));
  if (!row) throw notFound();
  return toCard(row);
}

export async function setDefaultCard(db: Db, memberId: number, id: number): Promise<MemberCard> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: memberCard.id }).from(memberCard).where(myCard(memberId, id)).for('update');
    if (!row) throw notFound();
    await tx.update(memberCard).set({ defaultCard: false }).where(and(eq(memberCard.memberUserId, memberId), eq(memberCard.defaultCard, true), ne(memberCard.id, id)));
    const [saved] = await tx.update(memberCard).set({ defaultCard: true, updatedDate: new Date() }).where(myCard(memberId, id)).returning();
    return toCard(saved);
  });
}

/** Removes the member's card; answers what the provider should forget (its token), once the removal has committed. */
export async function deleteCard(db: Db, memberId: number, id: number): Promise<SavedCardRef> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(memberCard).where(myCard(memberId, id)).returning();
    if (!gone) throw notFound();
    const ref = { memberUserId: memberId, merchantAccountId: gone.merchantAccountId, merchantBranchId: gone.merchantBranchId, provider: gone.provider, providerToken: gone.providerToken };
    if (!gone.defaultCard) return ref;
    const [next] = await tx.select({ id: memberCard.id }).from(memberCard).where(eq(memberCard.memberUserId, memberId)).orderBy(desc(memberCard.id)).limit(1);
    if (next) await tx.update(memberCard).set({ defaultCard: true }).where(myCard(memberId, next.id));
    return ref;
  });
}

// ---- notes and allergies ----

export async function getNotes(db: Db, memberId: number): Promise<{ orderNotes: string | null; allergies: string | null }> {
  const [row] = await db.select().from(memberNotes).where(eq(memberNotes.memberUserId, memberId));
  return { orderNotes: row?.orderNotes ?? null, allergies: row?.allergies ?? null };
}

export async function saveNotes(db: Db, memberId: number, notes: MemberNotes) {
  const values = { orderNotes: notes.orderNotes || null, allergies: notes.allergies || null, updatedDate: new Date() };
  await db
    .insert(memberNotes)
    .values({ memberUserId: memberId, ...values })
    .onConflictDoUpdate({ target: memberNotes.memberUserId, set: values });
  return getNotes(db, memberId);
}

// ---- complaint / suggestion ----

/**
 * Stores the member's complaint or suggestion for a live store and, in the same transaction, mails
 * it to the branch's contact address (or the account's when the branch has none) through the outbox.
 */
export async function sendFeedback(db: Db, memberId: number, input: MemberFeedback) {
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({
        merchantAccountId: merchantBranch.merchantAccountId,
        tradingName: merchantBranch.tradingName,
        branchEmail: merchantBranch.emailAddress,
        accountEmail: merchantAccount.emailAddress,
      })
      .from(merchantBranch)
      .innerJoin(merchantAccount, eq(merchantAccount.id, merchantBranch.merchantAccountId))
      .where(and(eq(merchantBranch.id, input.merchantBranchId), eq(merchantBranch.status, 'ACTIVE'), eq(merchantAccount.status, 'ACTIVE')));
    if (!store) throw notFound();
    const [member] = await tx
      .select({ email: memberUser.email, firstName: memberUser.firstName, lastName: memberUser.lastName })
      .from(memberUser)
      .where(eq(memberUser.id, memberId));
    if (!member) throw notFound();
    const [row] = await tx
      .insert(memberFeedback)
      .values({
        memberUserId: memberId,
        merchantAccountId: store.merchantAccountId,
        merchantBranchId: input.merchantBranchId,
        feedbackType: input.feedbackType,
        description: input.description,
      })
      .returning({ id: memberFeedback.id });
    const to = store.branchEmail?.trim() || store.accountEmail?.trim();
    if (to) {
      await enqueueMail(tx, {
        to,
        subject: `Complaint / Suggestion (${input.feedbackType}) for ${store.tradingName}`,
        text: [
          `A customer sent a ${input.feedbackType === 'Technical' ? 'technical' : 'other'} complaint or suggestion to ${store.tradingName}.`,
          '',
          `From: ${member.firstName} ${member.lastName} <${member.email}>`,
          `Type: ${input.feedbackType}`,
          '',
          input.description,
        ].join('\n'),
      });
    }
    return { id: row.id, mailed: !!to };
  });
}
