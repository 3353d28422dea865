import { ORDER_PRIVILEGES as P, type OrderAction, type OrderPrivilege } from '@tillpoint/contracts/order-handling';
import { type OrderFacts, decideOrderAction } from '@tillpoint/contracts/order-state-machine';
import type { LiveOrder } from '@tillpoint/contracts/order-handling';

/** A button of the order dialog: the call it makes and its words. */
export type OrderButton =
  | { action: Exclude<OrderAction, 'payment'>; label: string; icon: string }
  | { action: 'payment'; paymentType: 'CARD' | 'CASH'; label: string; icon: string };

/** Where the dialog shows the buttons: the open orders show every step, the history only its two (spec 3 §2.1). */
export type ButtonsOf = 'open' | 'history';

const factsOf = (o: LiveOrder): OrderFacts => ({
  orderStatus: o.orderStatus,
  basketStatus: o.basketStatus,
  basketType: o.basketType,
  orderType: o.orderType,
  syncStatus: o.syncStatus,
  remote: o.remote === 1,
});

/** The order the buttons stand in, and their words; deliver is 'Order Delivered' when it is a driver's. */
const ORDERED: { action: OrderAction; label: string; icon: string }[] = [
  { action: 'accept', label: 'Accept', icon: 'pi pi-check' },
  { action: 'preparing', label: 'Preparing', icon: 'pi pi-stopwatch' },
  { action: 'ready', label: 'Ready', icon: 'pi pi-bell' },
  { action: 'deliver', label: 'Deliver', icon: 'pi pi-send' },
  { action: 'dispatch', label: 'Dispatch', icon: 'pi pi-car' },
  { action: 'payment', label: 'Pay', icon: 'pi pi-wallet' },
  { action: 'close', label: 'Close Order', icon: 'pi pi-lock' },
  { action: 'syncstatus', label: 'Finalise', icon: 'pi pi-sync' },
  { action: 'refund', label: 'Refund', icon: 'pi pi-replay' },
  { action: 'decline', label: 'Decline', icon: 'pi pi-times' },
  { action: 'resendkitchen', label: 'Print Order', icon: 'pi pi-print' },
  { action: 'printreceipt', label: 'Print Receipt', icon: 'pi pi-receipt' },
];

const HISTORY_ACTIONS: OrderAction[] = ['printreceipt', 'refund'];

/**
 * The action buttons of spec 3 §4.2 for the signed-in user: exactly the actions the server's own
 * state machine would allow this user on this order now (the server still decides). A web order paid
 * online (remote) is refunded through its card provider by the same states as a till refund, so the
 * refund button asks the rules as for a till order.
 */
export function orderButtons(order: LiveOrder, has: (privilege: OrderPrivilege) => boolean, where: ButtonsOf): OrderButton[] {
  const facts = factsOf(order);
  const buttons: OrderButton[] = [];
  for (const b of ORDERED) {
    if (where === 'history' && !HISTORY_ACTIONS.includes(b.action)) continue;
    const asked = b.action === 'refund' ? { ...facts, remote: false } : facts;
    const decision = decideOrderAction(asked, b.action, has);
    if (!decision.ok) continue;
    if (b.action === 'payment') {
      buttons.push({ action: 'payment', paymentType: 'CARD', label: 'Card', icon: 'pi pi-credit-card' });
      buttons.push({ action: 'payment', paymentType: 'CASH', label: 'Cash', icon: 'pi pi-money-bill' });
    } else if (b.action === 'deliver' && decision.privilege === P.markDelivered) {
      buttons.push({ action: 'deliver', label: 'Order Delivered', icon: 'pi pi-home' });
    } else {
      buttons.push({ action: b.action, label: b.label, icon: b.icon });
    }
  }
  return buttons;
}

/**
 * Spec 3 §2.1: the driver selector shows when the order is ORDER_READY and DELIVERY, or a driver is
 * set; it can be changed only while no driver is set and the order is ORDER_READY and DELIVERY.
 */
export function driverSelector(order: Pick<LiveOrder, 'orderStatus' | 'orderType' | 'driverId'>): { shown: boolean; editable: boolean } {
  const readyDelivery = order.orderStatus === 'ORDER_READY' && order.orderType === 'DELIVERY';
  return { shown: readyDelivery || order.driverId !== null, editable: readyDelivery && order.driverId === null };
}
