import { MESSAGES } from '@tillpoint/contracts/messages';
import type { MemberCard } from '@tillpoint/contracts/member';
import { PAYMENT_MESSAGES, type PaymentTokenReply, providerSavesCards } from '@tillpoint/contracts/payment';
import { HttpError, badRequest, notFound } from '../../platform/errors';
import { memberCardById, memberCustomerReference, saveMemberCard } from '../../platform/member-cards';
import type { SavedCardRef } from '../../platform/module';
import { branchScope } from '../../platform/tenancy';
import { findBranchSettings } from '../settings/branch-settings.repo';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open-db';
import { memberCard, memberUser } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { dojoCardParts } from './dojo-provider';
import { PaymentProviderError, type SessionRequest } from './payment-provider';
import type { PaymentDeps } from './providers';

/**
 * 'Add card' on Payment Methods (issue 11): the member types the card into the provider's own fields
 * (the simulator's hosted page), which answer with a card identifier; the provider turns it into a
 * reusable token bound to the member, and we keep only token, brand, last four and expiry. Only a
 * provider that saves cards without a payment offers this; others save at checkout.
 */
async function savingProvider(deps: PaymentDeps, merchantBranchId: number) {
  const scope = await branchScope(deps.db, merchantBranchId);
  if (!scope) throw notFound();
  const settings = await findBranchSettings(deps.db, scope);
  const name = settings?.provider ?? 'NONE';
  const provider = deps.providerFor(name, settings);
  if (!provider) throw badRequest(PAYMENT_MESSAGES.noProvider);
  if (!providerSavesCards(name, 'withoutPaying') || !provider.saveCard) throw badRequest(PAYMENT_MESSAGES.savesAtCheckoutOnly);
  return { scope, name, provider, saveCard: provider.saveCard.bind(provider) };
}

const providerFailure = (err: unknown): never => {
  if (err instanceof PaymentProviderError) throw err.kind === 'REFUSED' ? badRequest(err.message) : new HttpError(502, PAYMENT_MESSAGES.unavailable);
  throw err;
};

/** POST memberuser/card/session: a card session of the branch's provider, for the card fields. */
export async function startCardSession(deps: PaymentDeps, memberId: number, merchantBranchId: number): Promise<PaymentTokenReply> {
  const { scope, provider } = await savingProvider(deps, merchantBranchId);
  try {
    return await provider.startSession({ reference: `${scope.merchantAccountId}.member.${memberId}`, amount: 0, currency: 'GBP', description: 'Save a card' });
  } catch (err) {
    return providerFailure(err);
  }
}

/** POST memberuser/card/create: the tokenised card becomes one of the member's saved cards. */
export async function createMemberCard(
  deps: PaymentDeps,
  memberId: number,
  input: { merchantBranchId: number; paymentAccessToken?: string | null; cardIdentifier?: string | null },
): Promise<MemberCard> {
  if (!input.paymentAccessToken || !input.cardIdentifier) throw badRequest(MESSAGES.requiredFields);
  const { scope, name, saveCard } = await savingProvider(deps, input.merchantBranchId);
  let saved: Awaited<ReturnType<typeof saveCard>>;
  try {
    saved = await saveCard({ sessionId: input.paymentAccessToken, cardIdentifier: input.cardIdentifier, customerReference: memberCustomerReference(memberId) });
  } catch (err) {
    return providerFailure(err);
  }
  const id = await deps.db.transaction((tx) =>
    saveMemberCard(tx, memberId, scope, { provider: name, providerToken: saved.token, brand: saved.brand, last4: saved.last4, expiry: saved.expiry, cardHolderName: saved.holder }),
  );
  const card = id === null ? undefined : await memberCardById(deps.db, memberId, id);
  if (!card) throw badRequest(PAYMENT_MESSAGES.invalidCard);
  return card;
}

/**
 * The member as a provider customer for a checkout's payment session (Dojo keeps saved cards per
 * customer): our reference, the Dojo customer id their cards saved through this branch already name
 * (so one customer keeps all of them), and the e-mail and name Dojo shows.
 */
export async function paymentCustomerOf(db: Db, memberId: number, scope: Scope, provider: string): Promise<SessionRequest['customer']> {
  if (provider !== 'DOJO') return null;
  const [m] = await db.select({ email: memberUser.email, firstName: memberUser.firstName, lastName: memberUser.lastName }).from(memberUser).where(eq(memberUser.id, memberId));
  if (!m) return null;
  const cards = await db
    .select({ token: memberCard.providerToken })
    .from(memberCard)
    .where(
      and(
        eq(memberCard.memberUserId, memberId),
        eq(memberCard.merchantAccountId, scope.merchantAccountId),
        eq(memberCard.merchantBranchId, scope.merchantBranchId),
        eq(memberCard.provider, 'DOJO'),
      ),
    )
    .orderBy(memberCard.id);
  const customerId = cards.map((c) => dojoCardParts(c.token)?.customerId).find((id) => !!id) ?? null;
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || null;
  return { customerReference: memberCustomerReference(memberId), customerId, email: m.email, name };
}

/**
 * Removes saved cards' reusable tokens at the providers that can remove them (a member deleted the
 * account). Best effort after the erasure has committed: a provider that fails or cannot remove
 * tokens is counted, never blocks. Opayo PI has no call that deletes a reusable card identifier, so
 * an Opayo card is always counted here; Dojo deletes the customer's saved payment method.
 */
export async function forgetSavedCards(deps: PaymentDeps, cards: SavedCardRef[]): Promise<number> {
  let failed = 0;
  for (const card of cards) {
    try {
      const scope = { merchantAccountId: card.merchantAccountId, merchantBranchId: card.merchantBranchId };
      const provider = deps.providerFor(card.provider, await findBranchSettings(deps.db, scope));
      if (provider?.name !== card.provider || !provider.removeSavedCard) {
        failed++;
        continue;
      }
      await provider.removeSavedCard({ token: card.providerToken, customerReference: memberCustomerReference(card.memberUserId) });
    } catch {
      failed++;
    }
  }
  return failed;
}
