import { MESSAGES } from '@tillpoint/contracts/messages';
import type { MemberCard } from '@tillpoint/contracts/member';
import { PAYMENT_MESSAGES, type PaymentTokenReply, providerSavesCards } from '@tillpoint/contracts/payment';
import { HttpError, badRequest, notFound } from '../../platform/errors';
import { memberCardById, memberCustomerReference, saveMemberCard } from '../../platform/member-cards';
import type { SavedCardRef } from '../../platform/module';
import { branchScope, ownedBy } from '../../platform/tenancy';
import { findBranchSettings } from '../settings/branch-settings.repo';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open-db';
import { memberCard, memberProviderCustomer, memberUser } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { dojoCardParts } from './dojo-provider';
import { type PaymentProvider, PaymentProviderError, type SessionRequest } from './payment-provider';
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
    // A provider that keeps cards per customer saves this one to the member's kept customer too.
    const customer = await paymentCustomerOf(deps.db, memberId, scope, provider);
    return await provider.startSession({ reference: `${scope.merchantAccountId}.member.${memberId}`, amount: 0, currency: 'GBP', description: 'Save a card', customer });
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
 * The member's customer at the provider's account for a checkout's payment session (Dojo keeps
 * saved cards per customer), so one member has one customer there and all their cards live on it:
 * the one kept (member_provider_customer), else the one their cards saved through this branch
 * already name (kept from before the table), else a new one made at the provider. Two checkouts
 * racing to make it both insert on conflict do nothing and read back: the first stored id stands
 * for both (the other customer made at the provider stays empty and unused). Null for a provider
 * without customers, or a member who is gone.
 */
export async function paymentCustomerOf(db: Db, memberId: number, scope: Scope, provider: PaymentProvider): Promise<SessionRequest['customer']> {
  const account = provider.customerAccount;
  if (!account || !provider.createCustomer) return null;
  const key = and(eq(memberProviderCustomer.memberUserId, memberId), eq(memberProviderCustomer.provider, provider.name), eq(memberProviderCustomer.providerAccount, account));
  const kept = async () => (await db.select({ customerId: memberProviderCustomer.customerId }).from(memberProviderCustomer).where(key))[0]?.customerId ?? null;
  const known = await kept();
  if (known) return { customerId: known };
  const [m] = await db.select({ email: memberUser.email, firstName: memberUser.firstName, lastName: memberUser.lastName }).from(memberUser).where(eq(memberUser.id, memberId));
  if (!m) return null;
  const cards = await db
    .select({ token: memberCard.providerToken })
    .from(memberCard)
    .where(ownedBy(memberCard, scope, and(eq(memberCard.memberUserId, memberId), eq(memberCard.provider, provider.name))))
    .orderBy(memberCard.id);
  const named = provider.name === 'DOJO' ? (cards.map((c) => dojoCardParts(c.token)?.customerId).find((id) => !!id) ?? null) : null;
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || null;
  const customerId = named ?? (await provider.createCustomer({ customerReference: memberCustomerReference(memberId), email: m.email, name }));
  await db.insert(memberProviderCustomer).values({ memberUserId: memberId, provider: provider.name, providerAccount: account, customerId }).onConflictDoNothing();
  const stored = await kept();
  // The member was erased meanwhile (the row went with them): no customer for a member who is gone.
  return stored ? { customerId: stored } : null;
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
