import { describe, expect, it } from 'vitest';
import { ORDER_PRIVILEGES as P, type LiveOrder, type OrderPrivilege } from '@tillpoint/contracts/order-handling';
import { driverSelector, orderButtons } from './order-actions';

/** The roles as spec 3 §6 words them. */
const role = (...privileges: OrderPrivilege[]) => (p: OrderPrivilege) => privileges.includes(p);
const clerk = role(P.accept, P.decline, P.dispatch, P.pay, P.close, P.finalise, P.refund, P.print);
const kitchen = role(P.prepare, P.ready);
const waiter = role(P.deliver);
const driver = role(P.markDelivered, P.takePayment);

const order = (o: Partial<LiveOrder> = {}): LiveOrder => ({
  id: 1,
  orderNo: 7,
  orderType: 'DELIVERY',
  basketType: 'sale',
  basketStatus: 'INPROGRESS',
  orderStatus: 'ORDER_PLACED',
  syncStatus: 'INIT',
  remote: 0,
  read: 0,
  orderDate: '23/11/2026 12:00',
  orderTime: '12:00',
  deliveryDateString: null,
  acceptedDate: null,
  preparingDate: null,
  readyDate: null,
  deliveredDate: null,
  totalPrice: 15.7,
  totalPriceString: '15.70',
  subTotalPriceString: '12.00',
  calculatedServiceChargeString: '1.20',
  calculatedDeliveryFeeString: '2.50',
  customerFullName: 'Ada Lovelace',
  driverId: null,
  driverFullName: null,
  deliveryAddress: null,
  billingAddress: null,
  orderNotes: null,
  allergies: null,
  errorType: 'INIT',
  errorMessage: null,
  receiptNumber: '7',
  basketDetailList: [],
  ...o,
});
const labels = (o: LiveOrder, has: (p: OrderPrivilege) => boolean, where: 'open' | 'history' = 'open') => orderButtons(o, has, where).map((b) => b.label);

describe('the order dialog shows the buttons the rules allow the user (spec 3 §4.2)', () => {
  it('a placed order: the clerk accepts, declines and prints; the kitchen, waiter and driver see nothing', () => {
    expect(labels(order(), clerk)).toEqual(['Accept', 'Decline', 'Print Order', 'Print Receipt']);
    for (const who of [kitchen, waiter, driver]) expect(labels(order(), who)).toEqual([]);
  });

  it('the kitchen prepares an accepted order and readies a preparing one; a cancelled basket is declined by the clerk instead', () => {
    expect(labels(order({ orderStatus: 'ORDER_ACCEPTED' }), kitchen)).toEqual(['Preparing']);
    expect(labels(order({ orderStatus: 'ORDER_PREPARING' }), kitchen)).toEqual(['Ready']);
    expect(labels(order({ orderStatus: 'ORDER_ACCEPTED', basketStatus: 'CANCELLED' }), kitchen)).toEqual([]);
    expect(labels(order({ orderStatus: 'ORDER_ACCEPTED', basketStatus: 'CANCELLED' }), clerk)).toContain('Decline');
  });

  it('a ready order: the clerk dispatches a delivery, the waiter hands over a collection', () => {
    expect(labels(order({ orderStatus: 'ORDER_READY' }), clerk)).toContain('Dispatch');
    expect(labels(order({ orderStatus: 'ORDER_READY' }), waiter)).toEqual([]);
    expect(labels(order({ orderStatus: 'ORDER_READY', orderType: 'COLLECTION' }), waiter)).toEqual(['Deliver']);
    expect(labels(order({ orderStatus: 'ORDER_READY', orderType: 'COLLECTION' }), clerk)).not.toContain('Dispatch');
  });

  it('a dispatched unpaid order: the driver takes card or cash, then marks it delivered', () => {
    const dispatched = order({ orderStatus: 'ORDER_DISPATCHED', driverId: 3 });
    expect(labels(dispatched, driver)).toEqual(['Card', 'Cash']);
    expect(orderButtons(dispatched, driver, 'open')[1]).toMatchObject({ action: 'payment', paymentType: 'CASH' });
    expect(labels({ ...dispatched, basketStatus: 'PAID' }, driver)).toEqual(['Order Delivered']);
    // A card payment taken online (remote) is not the driver's to take.
    expect(labels({ ...dispatched, remote: 1 }, driver)).toEqual([]);
  });

  it('the clerk closes a delivered paid order and finalises a failed sync; history offers Print Receipt and Refund only', () => {
    expect(labels(order({ orderStatus: 'ORDER_DELIVERED', basketStatus: 'PAID' }), clerk)).toContain('Close Order');
    const closed = order({ orderStatus: 'ORDER_CLOSED', basketStatus: 'PAID', syncStatus: 'FAILED' });
    expect(labels(closed, clerk)).toEqual(['Finalise', 'Refund', 'Print Order', 'Print Receipt']);
    expect(labels(closed, clerk, 'history')).toEqual(['Refund', 'Print Receipt']);
    expect(labels({ ...closed, basketType: 'refund' }, clerk, 'history')).toEqual(['Print Receipt']);
    expect(labels({ ...closed, remote: 1 }, clerk, 'history')).toEqual(['Refund', 'Print Receipt']);
    expect(labels(closed, driver, 'history')).toEqual([]);
  });
});

describe('the driver selector (spec 3 §2.1)', () => {
  it('shows for a ready delivery (editable while no driver is set) or once a driver is set (then fixed)', () => {
    expect(driverSelector(order({ orderStatus: 'ORDER_READY' }))).toEqual({ shown: true, editable: true });
    expect(driverSelector(order({ orderStatus: 'ORDER_READY', driverId: 4 }))).toEqual({ shown: true, editable: false });
    expect(driverSelector(order({ orderStatus: 'ORDER_DISPATCHED', driverId: 4 }))).toEqual({ shown: true, editable: false });
    expect(driverSelector(order({ orderStatus: 'ORDER_READY', orderType: 'COLLECTION' }))).toEqual({ shown: false, editable: false });
    expect(driverSelector(order({ orderStatus: 'ORDER_PREPARING' }))).toEqual({ shown: false, editable: false });
  });
});
