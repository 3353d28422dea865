import { and, eq } from 'drizzle-orm';
import { MERCHANT_ORDER_TYPE, type StorefrontOrderType, moneyString } from '@tillpoint/contracts/basket';
import { CHECKOUT_MESSAGES, type OrderAddress } from '@tillpoint/contracts/order';
import type { Db } from '../../db/open-db';
import { merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { conflict, isUniqueViolation } from '../../platform/errors';
import { type MemberSaves, applyMemberSaves } from '../../platform/member-saves';
import type { OrderAutomation } from '../orders/order-automation';
import { type NewOrder, type OrderRow, insertOrder } from '../orders/orders.repo';

/**
 * Everything an order needs once the checks have passed, with the prices as charged. A card payment
 * keeps it (payment.checkout) between the PENDING record and the provider's answer, so the order
 * made after a 3-D Secure challenge, or by the recovery job after a crash, is exactly what was paid
 * for. Built field by field from the checked input: a card number or CVV has no place to go.
 */
export type CheckoutSnapshot = Pick<NewOrder, 'basketId' | 'paymentType' | 'tableNo' | 'customer' | 'deliveryAddress' | 'orderNotes' | 'allergies' | 'deliveryTime' | 'money'> & {
  orderType: StorefrontOrderType;
  autoAccept: boolean;
  /** The billing address the card payment is made with (sent to the provider, kept on the order); older snapshots lack it. */
  billingAddress?: OrderAddress | null;
  /** Where the customer comes back to after a 3-D Secure challenge (a path of our own site). */
  website: string | null;
  /** The store's trading name for the confirmation mail (known when the checkout was read; older snapshots lack it). */
  storeName?: string;
  /** The signed-in member who asked to save the card ('Save this card for next time'); kept once the payment is authorised. */
  saveCardFor?: number | null;
  /** What the member asked to keep (address, billing address, notes): applied with the order, also after a 3-D Secure redirect. */
  saveFor?: MemberSaves | null;
  /** webMenuId and taxRateBp as priced (snapshots kept before lines carried them lack them: insertOrder reads the product's rate). */
  lines: { productId: number | null; webMenuId?: number; description: string; quantityTenths: number; totalPrice: number; weighable: boolean; name: string; taxRateBp?: number }[];
};

/**
 * Makes the order in the caller's transaction: the guarded basket change (only a basket in
 * `fromState` becomes ORDERED, once), the order with its number, lines, stock and live-order event
 * (orders.repo insertOrder), and the customer's confirmation mail in the outbox, in the order's two
 * statements. `automation`: the branch's order automation when the caller holds it already (one
 * statement fewer in the order's transaction).
 */
export async function orderFromCheckout(
  tx: Db,
  s: Scope,
  snap: CheckoutSnapshot,
  basketStatus: 'PAID' | 'INPROGRESS',
  fromState: 'OPEN' | 'PLACING',
  automation?: OrderAutomation,
): Promise<OrderRow> {
  // Written before the order: its number is taken by the order's last statement, and the branch's
  // next place waits on that number only for what follows it here.
  await applyMemberSaves(tx, snap.saveFor);
  const storeName =
    snap.storeName ??
    (
      await tx
        .select({ tradingName: merchantBranch.tradingName })
        .from(merchantBranch)
        .where(and(eq(merchantBranch.merchantAccountId, s.merchantAccountId), eq(merchantBranch.id, s.merchantBranchId)))
    )[0].tradingName;
  // The number is taken by the order's last statement, which writes the mail too.
  const mail = {
    to: snap.customer.email as string,
    subject: ['Your order ', ` at ${storeName}`],
    text: [
      `Thank you, ${snap.customer.firstName}. ${CHECKOUT_MESSAGES.placed}.\nOrder no: `,
      [
        ` (${snap.orderType}, ${snap.paymentType}${basketStatus === 'PAID' ? ', paid' : ''})`,
        '',
        ...snap.lines.map((l) => `${l.quantityTenths / 10} x ${l.name}  ${moneyString(l.totalPrice)}`),
        '',
        `Total: ${moneyString(snap.money.total)}`,
      ].join('\n'),
    ],
  } as const;
  try {
    return await insertOrder(
      tx,
      s,
      {
        basketId: snap.basketId,
        orderType: MERCHANT_ORDER_TYPE[snap.orderType],
        basketStatus,
        orderStatus: snap.autoAccept ? 'ORDER_ACCEPTED' : 'ORDER_PLACED',
        paymentType: snap.paymentType,
        tableNo: snap.tableNo,
        customer: snap.customer,
        deliveryAddress: snap.deliveryAddress,
        billingAddress: snap.billingAddress ?? null,
        orderNotes: snap.orderNotes,
        allergies: snap.allergies,
        deliveryTime: snap.deliveryTime,
        money: snap.money,
        lines: snap.lines.map(({ name: _n, ...l }) => l),
        automation,
      },
      // A basket a member took over at sign-in (setBasketToLoginUser) makes the member's order (My Orders, the merchant's Customers).
      { claim: { fromState, orderType: snap.orderType }, mail },
    );
  } catch (err) {
    // The basket's order made already (its unique key): as for a basket no longer in `fromState`.
    if (isUniqueViolation(err, 'customer_order_basket_key')) throw conflict(CHECKOUT_MESSAGES.placing);
    throw err;
  }
}
