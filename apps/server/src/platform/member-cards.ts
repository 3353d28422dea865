import { and, eq } from 'drizzle-orm';
import type { MemberCard } from '@tillpoint/contracts/member';
import type { Db } from '../db/open-db';
import { memberCard } from '../db/schema';
import type { Scope } from './auth';

/**
 * Saving a member's card (spec 3 §3 'Card', §4.7 saveCard; issue 11). Shared because two areas make
 * saved cards: payments (a payment made with saveCard, or the provider's card fields) and member data
 * (which lists, defaults and removes them). What is kept is only what PCI DSS 3.3.1 allows: the
 * provider's reusable token for the branch's provider account, brand, last four digits and expiry.
 * There is no parameter for a card number or CVV.
 */
export type SavedCardFacts = {
  provider: string;
  /** The provider's reusable token (never a card number). */
  providerToken: string;
  brand: string | null;
  last4: string;
  /** 'MM/YY' or 'MMYY' as providers report it. */
  expiry: string;
  cardHolderName: string;
};

/** Month and four-digit year from 'MM/YY', 'MMYY' or 'MM/YYYY'; null for anything else. */
export function expiryParts(expiry: string): { month: number; year: number } | null {
  const m = /^(\d{2})\/?(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * Keeps the card for the member in the caller's transaction; the same token saved again updates
 * the one row. The member's first card becomes the default. Returns the card id, or null when the
 * provider's facts are not a card we can show (no four digits or no valid expiry): nothing is saved.
 */
export async function saveMemberCard(tx: Db, memberId: number, scope: Scope, card: SavedCardFacts): Promise<number | null> {
  const expiry = expiryParts(card.expiry);
  if (!/^\d{4}$/.test(card.last4) || !expiry || !card.providerToken.trim()) return null;
  const [any] = await tx.select({ id: memberCard.id }).from(memberCard).where(eq(memberCard.memberUserId, memberId)).limit(1);
  const values = {
    cardBrand: (card.brand ?? 'VISA').toUpperCase(),
    last4: card.last4,
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cardHolderName: card.cardHolderName.trim().slice(0, 255),
    updatedDate: new Date(),
  };
  const [row] = await tx
    .insert(memberCard)
    .values({ memberUserId: memberId, ...scope, provider: card.provider, providerToken: card.providerToken, ...values, defaultCard: !any })
    .onConflictDoUpdate({ target: [memberCard.memberUserId, memberCard.provider, memberCard.providerToken], set: values })
    .returning({ id: memberCard.id });
  return row?.id ?? null;
}

/** The provider token of one of the member's cards, for paying with it at the branch it was saved through; undefined otherwise. */
export async function memberCardToken(db: Db, memberId: number, cardId: number, merchantBranchId: number) {
  const [row] = await db
    .select({ provider: memberCard.provider, providerToken: memberCard.providerToken })
    .from(memberCard)
    .where(and(eq(memberCard.memberUserId, memberId), eq(memberCard.id, cardId), eq(memberCard.merchantBranchId, merchantBranchId)));
  return row;
}

type CardRow = typeof memberCard.$inferSelect;
const two = (n: number) => String(n % 100).padStart(2, '0');
/** A saved card as the member sees it: the provider's token stays on the server. */
export const toCard = (r: CardRow): MemberCard => ({
  id: r.id,
  merchantBranchId: r.merchantBranchId,
  provider: r.provider,
  cardType: r.cardBrand,
  last4: r.last4,
  validMonth: r.expiryMonth,
  validYear: r.expiryYear,
  cardHolderName: r.cardHolderName,
  defaultCard: r.defaultCard,
  name: `${r.cardBrand} **** ${r.last4} (${two(r.expiryMonth)}/${two(r.expiryYear)})`,
});

/** One of the member's cards as listed, or undefined. */
export async function memberCardById(db: Db, memberId: number, cardId: number): Promise<MemberCard | undefined> {
  const [row] = await db.select().from(memberCard).where(and(eq(memberCard.memberUserId, memberId), eq(memberCard.id, cardId)));
  return row ? toCard(row) : undefined;
}

/** The customer reference a provider binds a member's reusable card token to. */
export const memberCustomerReference = (memberId: number) => `member:${memberId}`;
