import { and, eq } from 'drizzle-orm';
import { BASKET_MESSAGES, STOREFRONT_ORDER_TYPES, type StorefrontOrderType } from '@tillpoint/contracts/basket';
import { splitOptions } from '@tillpoint/contracts/branch-settings';
import {
  CARD_PAYMENT_TYPES,
  CHECKOUT_MESSAGES,
  type OrderAddress,
  type PlaceOrderInput,
  type PlacedOrder,
  UNPAID_PAYMENT_TYPES,
  isEmail,
  isUkMobile,
} from '@tillpoint/contracts/order';
import { londonMinutes, readyBySlots } from '@tillpoint/contracts/order-rules';
import { MESSAGES } from '@tillpoint/contracts/messages';
import {
  type ApplePayTokenInput,
  PAYMENT_MESSAGES,
  type PaymentTokenInput,
  type PaymentTokenReply,
  type ThreeDSecureReply,
  providerServes,
} from '@tillpoint/contracts/payment';
import { ADDRESS_MESSAGES, normalisePostcode } from '@tillpoint/contracts/address-lookup';
import { placePaymentComplete, providerSavesCards } from '@tillpoint/contracts/payment-paths';
import type { Db } from '../../db/open-db';
import { basket, merchantBranch, restTable } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../../platform/errors';
import { ownedBy } from '../../platform/tenancy';
import { memberCardToken, memberCustomerReference } from '../../platform/member-cards';
import { memberSavesOf, withChosenBilling } from '../../platform/member-saves';
import type { AddressProvider } from '../addresses/addresses.repo';
import { checkServiceable } from '../addresses/addresses.service';
import { automationOfSettings } from '../orders/order-automation';
import { orderOfBasket, placedReply, ticketsQueuedAtPlace } from '../orders/orders.repo';
import { authoriseRecorded } from '../payments/card-payment.service';
import { type CheckoutSnapshot, orderFromCheckout } from '../payments/order-from-checkout';
import type { BrowserFacts } from '../payments/payment-provider';
import { PaymentProviderError } from '../payments/payment-provider';
import { paymentCustomerOf } from '../payments/member-cards.service';
import { insertPendingPayment } from '../payments/payments.repo';
import type { PaymentDeps } from '../payments/providers';
import type { BasketPrice } from './basket.pricing';
import { memberView } from '../settings/branch-settings.merchant';
import { type StoreContext, priceOf, requireLicence, storeContext } from './basket.service';
import { findBasket, lockBasketWithLines } from './basket.repo';

const warn = (details: string) => badRequest(details);
const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '' || v === 'null';
const addressIncomplete = (a: OrderAddress) => blank(a.postCode) || blank(a.addressLine1) || blank(a.city);

/** The options the branch offers for an order type (spec 3 §3: web options carry '(DELIVERY)' or '(COLLECTION)'). */
function offeredPaymentTypes(ctx: StoreContext, orderType: StorefrontOrderType): string[] {
  if (orderType === 'Table Order') return splitOptions(ctx.settings?.tableOrderPaymentOptions);
  const suffix = orderType === 'Delivery' ? ' (DELIVERY)' : ' (COLLECTION)';
  return splitOptions(ctx.settings?.webOrderPaymentOptions)
    .filter((o) => o.endsWith(suffix))
    .map((o) => o.slice(0, -suffix.length));
}

/** A slot the checkout offered a few minutes ago (while the customer chose it) is still taken. */
const SLOT_GRACE_MS = 5 * 60_000;

/**
 * Whether the branch offers this 'Deliver By' (a scheduled delivery's slots) or 'Ready By' (a
 * collection's) time now, or offered it SLOT_GRACE_MS ago: the same slots the storefront lists.
 */
function timeOffered(ctx: StoreContext, orderType: 'Delivery' | 'Collection', time: string): boolean {
  return [ctx.now, new Date(ctx.now.getTime() - SLOT_GRACE_MS)].some((at) => {
    const view = memberView(ctx.scope, ctx.status, ctx.settings, at);
    const slots = orderType === 'Delivery' ? view.orderTimeForDelivery.map((s) => s.name) : readyBySlots(view.todayHours, londonMinutes(at));
    return slots.includes(time);
  });
}

/**
 * The checks of spec 3 §5.3, in their order, each with its own words; the first that fails answers.
 * Returns what the order needs once they all pass.
 */
async function checkout(tx: Db, ctx: StoreContext, provider: AddressProvider, input: PlaceOrderInput, priced: BasketPrice) {
  if (priced.lines.length === 0) throw warn(CHECKOUT_MESSAGES.orderEmpty);
  const orderType = STOREFRONT_ORDER_TYPES.find((t) => t === input.orderType);
  if (!orderType) throw warn(CHECKOUT_MESSAGES.deliveryType);
  if (blank(input.firstName) || blank(input.lastName) || blank(input.email) || blank(input.mobilePhone)) throw warn(CHECKOUT_MESSAGES.userDetails);
  if (!isEmail(input.email as string)) throw warn(CHECKOUT_MESSAGES.email);
  if (!isUkMobile(input.mobilePhone as string)) throw warn(MESSAGES.notValidPhone);
  requireLicence(ctx, orderType);
  if (orderType === 'Delivery') {
    const address = input.memberUserAddress;
    if (!address) throw warn(CHECKOUT_MESSAGES.selectAddress);
    if (addressIncomplete(address)) throw warn(CHECKOUT_MESSAGES.addressDetails);
    // Spec 3 §4.5: delivery needs a serviceable postcode; the storefront asks first, the server makes sure.
    const postcode = normalisePostcode(address.postCode as string);
    if (!postcode) throw warn(ADDRESS_MESSAGES.invalid);
    if (!(await checkServiceable(tx, provider, ctx.scope.merchantBranchId, postcode)).serviceable) throw warn(ADDRESS_MESSAGES.notServiceable);
    const minimum = ctx.settings?.minimumDeliveryBasketPrice ?? null;
    if (minimum !== null && priced.subTotal - priced.promotionDiscount < minimum) throw warn(CHECKOUT_MESSAGES.minimumBasket);
  }
  if (orderType === 'Table Order') {
    const table =
      input.tableNo == null
        ? undefined
        : (
            await tx
              .select({ id: restTable.id })
              .from(restTable)
              .where(ownedBy(restTable, ctx.scope, and(eq(restTable.tableNo, input.tableNo), eq(restTable.status, 'ACTIVE'))))
          )[0];
    if (!table) throw warn(CHECKOUT_MESSAGES.tableNo);
  }
  // A chosen time must be one the branch offers (no time: as soon as possible); a table order has none.
  const time = input.orderTimeForDelivery?.trim();
  if (orderType !== 'Table Order' && time && !timeOffered(ctx, orderType, time)) throw warn(CHECKOUT_MESSAGES.orderTime);
  const paymentType = input.paymentType?.trim() ?? '';
  if (!paymentType || !offeredPaymentTypes(ctx, orderType).includes(paymentType)) throw warn(CHECKOUT_MESSAGES.paymentType);
  const card = (CARD_PAYMENT_TYPES as readonly string[]).includes(paymentType);
  const cardProvider = ctx.settings?.provider ?? '';
  const billing = input.memberBillingAddress;
  if (card && (cardProvider === 'DOJO' || cardProvider === 'OPAYO') && (!billing || addressIncomplete(billing))) throw warn(CHECKOUT_MESSAGES.billingAddress);
  // A card option the branch's provider cannot serve is not offered, so it is not accepted either.
  if (!(UNPAID_PAYMENT_TYPES as readonly string[]).includes(paymentType) && !providerServes(cardProvider, paymentType)) throw warn(CHECKOUT_MESSAGES.paymentType);
  return { orderType, paymentType, priced, card };
}

const isLockBusy = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) if (e.code === '55P03') return true;
  return false;
};

/** What the card flow needs from the request besides the body. */
export type PlaceContext = {
  payments: PaymentDeps;
  browser: BrowserFacts;
  /** The signed-in member placing the order, if any: only a member saves a card or pays with a saved one. */
  memberId?: number | null;
};

/**
 * POST storemanagement/basket/place: the basket becomes an order exactly once. Its row is locked
 * without waiting, so a second place of the same basket while the first is in flight gets 409; once
 * placed, the same call answers with the first order.
 * - PAY AT COUNTER / PAY AT DOOR: one transaction makes the order (basket INPROGRESS).
 * - CARD / WALLET / APPLE PAY: one transaction records the payment PENDING (with the checkout as
 *   priced) and moves the basket OPEN → PLACING; the provider is asked outside any transaction;
 *   its answer is settled in one more (payments/card-payment.service.ts): an order with basket PAID,
 *   a 3-D Secure challenge ({acsUrl, creq, transactionId}), or a decline that reopens the basket.
 */
export async function placeOrder(db: Db, provider: AddressProvider, body: PlaceOrderInput, place: PlaceContext): Promise<PlacedOrder | ThreeDSecureReply> {
  // A saved billing address chosen by id is the member's own or refused (404) before anything changes.
  const input = await withChosenBilling(db, place.memberId ?? null, body);
  const ctx = await storeContext(db, input.merchantBranchId);
  let first:
    | { kind: 'placed'; order: PlacedOrder; made: boolean }
    | { kind: 'card'; payment: Awaited<ReturnType<typeof insertPendingPayment>>; sessionReference: string | null; savedCardToken: string | null; billing: OrderAddress | null };
  const memberId = place.memberId ?? null;
  try {
    first = await db.transaction(async (tx) => {
      const locked = input.id ? await lockBasketWithLines(tx, ctx.scope, input.id) : undefined;
      const row = locked?.row;
      if (row?.state === 'ORDERED') {
        const placed = await orderOfBasket(tx, ctx.scope, row.id);
        if (placed) return { kind: 'placed' as const, order: placedReply(placed), made: false };
      }
      // PLACING: a card payment is in flight (or waits for its 3-D Secure answer): 409 until it settles.
      if (row && row.state !== 'OPEN') throw conflict(CHECKOUT_MESSAGES.placing);
      const open = row;
      if (ctx.closed) throw badRequest(BASKET_MESSAGES.storeClosed);
      const orderType = STOREFRONT_ORDER_TYPES.find((t) => t === input.orderType) ?? (open?.orderType as StorefrontOrderType | undefined) ?? 'Delivery';
      const priced = await priceOf(tx, ctx, open, orderType, { lines: locked?.lines ?? [] });
      const checked = await checkout(tx, ctx, provider, input, priced.price);
      if (!open) throw notFound();
      const snapshot = snapshotOf(ctx, open.id, input, checked);
      snapshot.saveFor = memberSavesOf(memberId, input, snapshot);
      if (!checked.card) {
        const order = await orderFromCheckout(tx, ctx.scope, snapshot, 'INPROGRESS', 'OPEN', automationOfSettings(ctx.settings));
        return { kind: 'placed' as const, order: placedReply(order), made: true };
      }
      const cardProvider = ctx.settings?.provider ?? 'NONE';
      if (!place.payments.providerFor(cardProvider, ctx.settings)) throw badRequest(PAYMENT_MESSAGES.noProvider);
      // A saved card (cardNumber is its id, spec 3 §3): only the signed-in member's own, saved through this branch's provider.
      let savedCardToken: string | null = null;
      if (checked.paymentType === 'CARD' && input.cardNumber !== null && input.cardNumber !== undefined && input.cardNumber !== '') {
        if (memberId === null) throw unauthorized();
        const cardId = Number(input.cardNumber);
        const saved = Number.isSafeInteger(cardId) ? await memberCardToken(tx, memberId, cardId, ctx.scope.merchantBranchId) : undefined;
        if (!saved) throw notFound();
        if (saved.provider !== cardProvider) throw badRequest(PAYMENT_MESSAGES.savedCardNotUsable);
        savedCardToken = saved.providerToken;
      }
      const complete = placePaymentComplete(cardProvider, checked.paymentType, {
        paymentAccessToken: input.paymentAccessToken,
        cardIdentifier: input.cardIdentifier,
        savedCard: savedCardToken !== null,
        applePayPayment: !!input.applePayPayment,
      });
      if (!complete || !input.paymentAccessToken) throw badRequest(PAYMENT_MESSAGES.invalidCard);
      // 'Save this card for next time': a member's new card, with a provider that keeps cards.
      if (input.saveCard && checked.paymentType === 'CARD' && memberId !== null && savedCardToken === null && providerSavesCards(cardProvider, 'atCheckout')) snapshot.saveCardFor = memberId;
      const payment = await insertPendingPayment(tx, ctx.scope, {
        basketId: open.id,
        provider: cardProvider,
        paymentType: checked.paymentType,
        amount: snapshot.money.total,
        sessionId: input.paymentAccessToken,
        checkout: snapshot,
      });
      // The guarded change: only an OPEN basket starts a payment; no item can be added while it is PLACING.
      const changed = await tx
        .update(basket)
        .set({ state: 'PLACING', orderType: checked.orderType, placingSince: new Date(), updatedDate: new Date() })
        .where(and(eq(basket.merchantAccountId, ctx.scope.merchantAccountId), eq(basket.id, open.id), eq(basket.state, 'OPEN')))
        .returning({ id: basket.id });
      if (!changed.length) throw conflict(CHECKOUT_MESSAGES.placing);
      return { kind: 'card' as const, payment, sessionReference: dojoReference(ctx.scope.merchantAccountId, open.id), savedCardToken, billing: snapshot.billingAddress ?? null };
    });
  } catch (err) {
    if (isLockBusy(err)) throw conflict(CHECKOUT_MESSAGES.placing);
    throw err;
  }
  if (first.kind === 'placed') {
    // Accepted as it was placed: its kitchen tickets go now, not at the print queue's next tick.
    if (first.made && ticketsQueuedAtPlace(first.order)) place.payments.ticketsQueued?.();
    return first.order;
  }
  const cardProvider = place.payments.providerFor(first.payment.provider, ctx.settings);
  if (!cardProvider) throw badRequest(PAYMENT_MESSAGES.noProvider);
  return authoriseRecorded(place.payments, first.payment, cardProvider, {
    cardIdentifier: input.cardIdentifier ?? null,
    billing: first.billing,
    browser: place.browser,
    sessionReference: first.sessionReference,
    savedCardToken: first.savedCardToken,
    customerReference: memberId === null ? null : memberCustomerReference(memberId),
    // Apple Pay's token goes on to the provider only; it is not part of the recorded checkout.
    applePay:
      first.payment.paymentType === 'APPLE PAY' && input.applePayPayment
        ? { paymentData: input.applePayPayment.paymentData, displayName: input.applePayPayment.paymentMethod?.displayName ?? null }
        : null,
  });
}

/** A card's billing address: the one given, else the delivery address (spec 3 §3: equal when 'same as delivery' is ticked); null when neither has one. */
function billingUsed(input: PlaceOrderInput): OrderAddress | null {
  const a = input.memberBillingAddress ?? input.memberUserAddress ?? null;
  if (!a || (blank(a.postCode) && blank(a.addressLine1))) return null;
  return { ...a, postCode: normalisePostcode(a.postCode ?? '') ?? a.postCode };
}

/** The order as it will be made: built field by field from the checked input (no card data can slip in). */
function snapshotOf(ctx: StoreContext, basketId: number, input: PlaceOrderInput, checked: Awaited<ReturnType<typeof checkout>>): CheckoutSnapshot {
  const p = checked.priced;
  return {
    basketId,
    orderType: checked.orderType,
    paymentType: checked.paymentType,
    autoAccept: ctx.settings?.autoOrderConfirm ?? true,
    tableNo: checked.orderType === 'Table Order' ? (input.tableNo ?? null) : null,
    customer: { firstName: input.firstName, lastName: input.lastName, email: input.email, mobilePhone: input.mobilePhone },
    deliveryAddress:
      checked.orderType === 'Delivery' && input.memberUserAddress ? { ...input.memberUserAddress, postCode: normalisePostcode(input.memberUserAddress.postCode ?? '') } : null,
    // The address the card is paid with (the provider gets exactly this), kept on the order.
    billingAddress: checked.card ? billingUsed(input) : null,
    orderNotes: input.orderNotes,
    allergies: input.allergies,
    // 'Deliver By' for a delivery, 'Ready By' for a collection (spec 3 §2.2); a table order has neither.
    deliveryTime: checked.orderType === 'Table Order' ? null : input.orderTimeForDelivery?.trim() || null,
    website: input.website ?? null,
    storeName: ctx.tradingName,
    money: {
      subTotal: p.subTotal,
      discount: p.promotionDiscount + p.collectionDiscount,
      serviceCharge: p.serviceCharge,
      deliveryFee: p.deliveryFee,
      tax: p.tax,
      total: p.total,
    },
    lines: p.lines.map((l) => ({
      productId: l.item.productId,
      webMenuId: l.item.webMenuId,
      taxRateBp: l.item.taxRateBp,
      name: l.item.name,
      description: [l.item.name, ...l.options.map((o) => o.name), ...(l.extraNotes ? [`(${l.extraNotes})`] : [])].join(', '),
      quantityTenths: l.quantityTenths,
      totalPrice: l.total,
      weighable: l.item.weighable,
    })),
  };
}

/** The reference a Dojo payment intent is started with: it binds the intent to this basket. */
const dojoReference = (merchantAccountId: number, basketId: number) => `${merchantAccountId}.basket.${basketId}`;

/** The branch's card provider (400 without one) and the basket, which must be the store's and open (404, 409). */
async function openCardBasket(db: Db, payments: PaymentDeps, ctx: Awaited<ReturnType<typeof storeContext>>, bssId: string) {
  const providerName = ctx.settings?.provider ?? 'NONE';
  const cardProvider = payments.providerFor(providerName, ctx.settings);
  if (!cardProvider) throw badRequest(PAYMENT_MESSAGES.noProvider);
  const row = await findBasket(db, ctx.scope, bssId);
  if (!row) throw notFound();
  if (row.state !== 'OPEN') throw conflict(CHECKOUT_MESSAGES.placing);
  return { providerName, cardProvider, row };
}

/**
 * POST storemanagement/payment/token (spec 3 §7.5): starts a card payment session with the branch's
 * provider for an open basket. SIMULATOR answers its hosted card fields' address, OPAYO a merchant
 * session key, DOJO a payment intent for the basket's total (for a signed-in member, made with their
 * Dojo customer, with the customer secret). A branch without a provider gets 400.
 */
export async function startPaymentSession(db: Db, payments: PaymentDeps, input: PaymentTokenInput, memberId: number | null = null): Promise<PaymentTokenReply> {
  const ctx = await storeContext(db, input.merchantBranchId);
  requireLicence(ctx);
  const { providerName, cardProvider, row } = await openCardBasket(db, payments, ctx, input.basketBssId);
  const priced = await priceOf(db, ctx, row, row.orderType as StorefrontOrderType);
  if (!priced.price.lines.length) throw badRequest(CHECKOUT_MESSAGES.orderEmpty);
  // A saved card to pay with: only the signed-in member's own, saved through this branch's provider (as placing checks).
  let savedCard: Awaited<ReturnType<typeof memberCardToken>> | undefined;
  if (input.cardNumber !== null && input.cardNumber !== undefined) {
    if (memberId === null) throw unauthorized();
    savedCard = await memberCardToken(db, memberId, input.cardNumber, ctx.scope.merchantBranchId);
    if (!savedCard) throw notFound();
    if (savedCard.provider !== providerName) throw badRequest(PAYMENT_MESSAGES.savedCardNotUsable);
  }
  try {
    // A signed-in member pays as the provider's customer where saved cards live with one (Dojo).
    const customer = memberId === null ? null : await paymentCustomerOf(db, memberId, ctx.scope, cardProvider);
    const session = await cardProvider.startSession({ reference: dojoReference(ctx.scope.merchantAccountId, row.id), amount: priced.price.total, currency: 'GBP', description: 'Online order', customer });
    // Opayo pays a saved card with its reusable identifier and a CVV sagepay.js links to it in the browser: the owner's page needs the identifier.
    return session.provider === 'OPAYO' && savedCard ? { ...session, reusableCardIdentifier: savedCard.providerToken } : session;
  } catch (err) {
    if (err instanceof PaymentProviderError) throw new HttpError(502, err.kind === 'REFUSED' ? err.message : PAYMENT_MESSAGES.unavailable);
    throw err;
  }
}

/**
 * POST storemanagement/payment/applepay/token (spec 3 §7.5, §4.8): Apple Pay merchant validation for
 * an open, non-empty basket of a store that offers APPLE PAY with a provider that takes it (OPAYO,
 * which validates with its own Apple Pay certificate). The merchant is validated for our own web
 * address (PUBLIC_URL's host, where the storefront is served), never a host the client names.
 * Any other provider (DOJO takes Apple Pay inside its own wallet frame) gets a clear 400.
 */
export async function startApplePaySession(db: Db, payments: PaymentDeps, input: ApplePayTokenInput): Promise<Record<string, unknown>> {
  const ctx = await storeContext(db, input.merchantBranchId);
  requireLicence(ctx);
  const [store] = await db.select({ domainName: merchantBranch.domainName }).from(merchantBranch).where(and(eq(merchantBranch.merchantAccountId, ctx.scope.merchantAccountId), eq(merchantBranch.id, ctx.scope.merchantBranchId)));
  if (store?.domainName?.toLowerCase() !== input.domainName.toLowerCase()) throw notFound();
  const { providerName, cardProvider, row } = await openCardBasket(db, payments, ctx, input.basketBssId);
  const orderType = row.orderType as StorefrontOrderType;
  if (!providerServes(providerName, 'APPLE PAY') || !cardProvider.applePaySession || !offeredPaymentTypes(ctx, orderType).includes('APPLE PAY')) throw badRequest(PAYMENT_MESSAGES.notServed);
  const priced = await priceOf(db, ctx, row, orderType);
  if (!priced.price.lines.length) throw badRequest(CHECKOUT_MESSAGES.orderEmpty);
  try {
    return await cardProvider.applePaySession({ domainName: new URL(payments.publicUrl).hostname });
  } catch (err) {
    if (err instanceof PaymentProviderError) throw new HttpError(502, PAYMENT_MESSAGES.unavailable);
    throw err;
  }
}
