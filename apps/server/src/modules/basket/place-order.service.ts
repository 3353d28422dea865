import { and, eq } from 'drizzle-orm';
import { BASKET_MESSAGES, MERCHANT_ORDER_TYPE, STOREFRONT_ORDER_TYPES, type StorefrontOrderType, moneyString } from '@tillpoint/contracts/basket';
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
import { MESSAGES } from '@tillpoint/contracts/messages';
import { ADDRESS_MESSAGES, normalisePostcode } from '@tillpoint/contracts/address-lookup';
import type { Db } from '../../db/open-db';
import { basket, merchantBranch, restTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/outbox';
import type { AddressProvider } from '../addresses/addresses.repo';
import { checkServiceable } from '../addresses/addresses.service';
import { insertOrder, orderOfBasket, placedReply } from '../orders/orders.repo';
import type { BasketPrice } from './basket.pricing';
import { type StoreContext, priceOf, requireLicence, storeContext } from './basket.service';

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
              .where(
                and(
                  eq(restTable.merchantAccountId, ctx.scope.merchantAccountId),
                  eq(restTable.merchantBranchId, ctx.scope.merchantBranchId),
                  eq(restTable.tableNo, input.tableNo),
                  eq(restTable.status, 'ACTIVE'),
                ),
              )
          )[0];
    if (!table) throw warn(CHECKOUT_MESSAGES.tableNo);
  }
  const paymentType = input.paymentType?.trim() ?? '';
  if (!paymentType || !offeredPaymentTypes(ctx, orderType).includes(paymentType)) throw warn(CHECKOUT_MESSAGES.paymentType);
  const card = (CARD_PAYMENT_TYPES as readonly string[]).includes(paymentType);
  const cardProvider = ctx.settings?.provider ?? '';
  const billing = input.memberBillingAddress;
  if (card && (cardProvider === 'DOJO' || cardProvider === 'OPAYO') && (!billing || addressIncomplete(billing))) throw warn(CHECKOUT_MESSAGES.billingAddress);
  // This slice places unpaid orders only; card payments come with the payment providers.
  if (!(UNPAID_PAYMENT_TYPES as readonly string[]).includes(paymentType)) throw warn(CHECKOUT_MESSAGES.cardNotYet);
  return { orderType, paymentType, priced };
}

const isLockBusy = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) if (e.code === '55P03') return true;
  return false;
};

/**
 * POST storemanagement/basket/place for the unpaid options (PAY AT COUNTER, PAY AT DOOR): the basket
 * becomes an order exactly once. Its row is locked without waiting, so a second place of the same
 * basket while the first is in flight gets 409; once placed, the same call answers with the first
 * order. The basket→order change is one guarded update, and everything (order number, lines, stock,
 * mail, live-order event) is one transaction: a failure anywhere leaves no order behind.
 */
export async function placeOrder(db: Db, provider: AddressProvider, input: PlaceOrderInput): Promise<PlacedOrder> {
  const ctx = await storeContext(db, input.merchantBranchId);
  try {
    return await db.transaction(async (tx) => {
      const [row] = input.id
        ? await tx
            .select()
            .from(basket)
            .where(and(eq(basket.merchantAccountId, ctx.scope.merchantAccountId), eq(basket.merchantBranchId, ctx.scope.merchantBranchId), eq(basket.bssId, input.id)))
            .for('update', { noWait: true })
        : [];
      if (row?.state === 'ORDERED') {
        const placed = await orderOfBasket(tx, ctx.scope, row.id);
        if (placed) return placedReply(placed);
      }
      if (row && row.state !== 'OPEN') throw conflict(CHECKOUT_MESSAGES.placing);
      const open = row;
      if (ctx.closed) throw badRequest(BASKET_MESSAGES.storeClosed);
      const orderType = STOREFRONT_ORDER_TYPES.find((t) => t === input.orderType) ?? (open?.orderType as StorefrontOrderType | undefined) ?? 'Delivery';
      const priced = await priceOf(tx, ctx, open, orderType);
      const checked = await checkout(tx, ctx, provider, input, priced.price);
      if (!open) throw notFound();
      const autoAccept = ctx.settings?.autoOrderConfirm ?? true;
      const p = checked.priced;
      const order = await insertOrder(tx, ctx.scope, {
        basketId: open.id,
        orderType: MERCHANT_ORDER_TYPE[checked.orderType],
        basketStatus: 'INPROGRESS',
        orderStatus: autoAccept ? 'ORDER_ACCEPTED' : 'ORDER_PLACED',
        paymentType: checked.paymentType,
        tableNo: checked.orderType === 'Table Order' ? (input.tableNo ?? null) : null,
        customer: { firstName: input.firstName, lastName: input.lastName, email: input.email, mobilePhone: input.mobilePhone },
        deliveryAddress:
          checked.orderType === 'Delivery' && input.memberUserAddress
            ? { ...input.memberUserAddress, postCode: normalisePostcode(input.memberUserAddress.postCode ?? '') }
            : null,
        orderNotes: input.orderNotes,
        allergies: input.allergies,
        deliveryTime: checked.orderType === 'Delivery' ? input.orderTimeForDelivery : null,
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
          description: [l.item.name, ...l.options.map((o) => o.name), ...(l.extraNotes ? [`(${l.extraNotes})`] : [])].join(', '),
          quantityTenths: l.quantityTenths,
          totalPrice: l.total,
          weighable: l.item.weighable,
        })),
      });
      // The guarded change: only an OPEN basket becomes ORDERED, once.
      const changed = await tx
        .update(basket)
        .set({ state: 'ORDERED', orderType: checked.orderType, updatedDate: new Date() })
        .where(and(eq(basket.merchantAccountId, ctx.scope.merchantAccountId), eq(basket.id, open.id), eq(basket.state, 'OPEN')))
        .returning({ id: basket.id });
      if (!changed.length) throw conflict(CHECKOUT_MESSAGES.placing);
      const [store] = await tx
        .select({ tradingName: merchantBranch.tradingName })
        .from(merchantBranch)
        .where(and(eq(merchantBranch.merchantAccountId, ctx.scope.merchantAccountId), eq(merchantBranch.id, ctx.scope.merchantBranchId)));
      await enqueueMail(tx, {
        to: input.email as string,
        subject: `Your order ${order.orderNo} at ${store.tradingName}`,
        text: [
          `Thank you, ${input.firstName}. ${CHECKOUT_MESSAGES.placed}.`,
          `Order no: ${order.orderNo} (${checked.orderType}, ${checked.paymentType})`,
          '',
          ...p.lines.map((l) => `${l.quantityTenths / 10} x ${l.item.name}  ${moneyString(l.total)}`),
          '',
          `Total: ${moneyString(p.total)}`,
        ].join('\n'),
      });
      return placedReply(order);
    });
  } catch (err) {
    if (isLockBusy(err)) throw conflict(CHECKOUT_MESSAGES.placing);
    throw err;
  }
}
