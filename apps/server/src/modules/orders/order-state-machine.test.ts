import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, type OrderAction } from '@tillpoint/contracts/order-handling';
import { ORDER_STATUSES } from '@tillpoint/contracts/order';
import { OBJECTS, privilegeKey } from '@tillpoint/contracts/privileges';
import { ROLES } from '../../db/reference-data';
import { type OrderFacts, decideOrderAction } from '@tillpoint/contracts/order-state-machine';

/** A role's privileges as the reference data gives them (the real roles, not a copy). */
const roleHas = (name: string) => {
  const r = ROLES.find((x) => x.name === name);
  if (!r) throw new Error(name);
  const keys = new Set(r.privileges.flatMap(([o, actions]) => actions.map((a) => privilegeKey(o, a))));
  return (p: string) => keys.has(privilegeKey(OBJECTS.order, p));
};
const clerk = roleHas('CLERK');
const kitchen = roleHas('KITCHEN');
const waiter = roleHas('WAITER');
const driver = roleHas('DRIVER');
const nobody = () => false;

const order = (o: Partial<OrderFacts> = {}): OrderFacts => ({
  orderStatus: 'ORDER_PLACED',
  basketStatus: 'INPROGRESS',
  basketType: 'sale',
  orderType: 'DELIVERY',
  syncStatus: 'INIT',
  remote: true,
  ...o,
});

describe('order handling by role (spec 3 §4.2)', () => {
  it('a clerk accepts a placed order; accepting it again is 409; the kitchen may not accept (403)', () => {
    expect(decideOrderAction(order(), 'accept', clerk)).toEqual({ ok: true, privilege: 'Accept', change: { orderStatus: 'ORDER_ACCEPTED' } });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_ACCEPTED' }), 'accept', clerk)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction(order(), 'accept', kitchen)).toEqual({ ok: false, status: 403 });
    expect(decideOrderAction(order(), 'accept', nobody)).toEqual({ ok: false, status: 403 });
  });

  it('the kitchen prepares an accepted order unless its basket is CANCELLED; then the clerk declines it', () => {
    expect(decideOrderAction(order({ orderStatus: 'ORDER_ACCEPTED' }), 'preparing', kitchen)).toMatchObject({ ok: true, change: { orderStatus: 'ORDER_PREPARING' } });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_ACCEPTED', basketStatus: 'CANCELLED' }), 'preparing', kitchen)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_ACCEPTED', basketStatus: 'CANCELLED' }), 'decline', clerk)).toMatchObject({ ok: true, change: { orderStatus: 'ORDER_DECLINED' } });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_ACCEPTED', basketStatus: 'PAID' }), 'decline', clerk)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_PREPARING' }), 'ready', kitchen)).toMatchObject({ ok: true, change: { orderStatus: 'ORDER_READY' } });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_PREPARING' }), 'ready', clerk)).toEqual({ ok: false, status: 403 });
  });

  it('a waiter hands over EAT_IN, COLLECTION and TAKEAWAY; a clerk dispatches DELIVERY; a driver marks it delivered once not INPROGRESS', () => {
    for (const orderType of ['EAT_IN', 'COLLECTION', 'TAKEAWAY']) {
      expect(decideOrderAction(order({ orderStatus: 'ORDER_READY', orderType }), 'deliver', waiter)).toMatchObject({ ok: true, change: { orderStatus: 'ORDER_DELIVERED' } });
      expect(decideOrderAction(order({ orderStatus: 'ORDER_READY', orderType }), 'dispatch', clerk)).toEqual({ ok: false, status: 409 });
    }
    expect(decideOrderAction(order({ orderStatus: 'ORDER_READY' }), 'deliver', waiter)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_READY' }), 'dispatch', clerk)).toMatchObject({ ok: true, change: { orderStatus: 'ORDER_DISPATCHED' } });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_READY' }), 'dispatch', driver)).toEqual({ ok: false, status: 403 });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_DISPATCHED' }), 'deliver', driver)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_DISPATCHED', basketStatus: 'PAID' }), 'deliver', driver)).toMatchObject({ ok: true, privilege: 'MarkDelivered' });
    // The waiter's own step is not the driver's: 403, not 409.
    expect(decideOrderAction(order({ orderStatus: 'ORDER_DISPATCHED', basketStatus: 'PAID' }), 'deliver', waiter)).toEqual({ ok: false, status: 403 });
  });

  it('payment of a non-remote INPROGRESS order: a clerk when delivered, a driver when dispatched; never a remote one', () => {
    const till = { remote: false, basketStatus: 'INPROGRESS' };
    expect(decideOrderAction(order({ ...till, orderStatus: 'ORDER_DELIVERED' }), 'payment', clerk)).toMatchObject({ ok: true, change: { basketStatus: 'PAID' } });
    expect(decideOrderAction(order({ ...till, orderStatus: 'ORDER_DELIVERED' }), 'payment', driver)).toEqual({ ok: false, status: 403 });
    expect(decideOrderAction(order({ ...till, orderStatus: 'ORDER_DISPATCHED' }), 'payment', driver)).toMatchObject({ ok: true, privilege: 'TakePayment' });
    expect(decideOrderAction(order({ ...till, orderStatus: 'ORDER_DISPATCHED' }), 'payment', clerk)).toEqual({ ok: false, status: 403 });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_DELIVERED' }), 'payment', clerk)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction(order({ ...till, basketStatus: 'PAID', orderStatus: 'ORDER_DELIVERED' }), 'payment', clerk)).toEqual({ ok: false, status: 409 });
  });

  it('finalise sync status, refund, decline of a remote PAUSED delivered order', () => {
    const closed = order({ remote: false, orderStatus: 'ORDER_CLOSED', basketStatus: 'PAID' });
    expect(decideOrderAction({ ...closed, syncStatus: 'FAILED' }, 'syncstatus', clerk)).toMatchObject({ ok: true, change: { syncStatus: 'SUCCESS' } });
    expect(decideOrderAction({ ...closed, syncStatus: 'PROGRESS' }, 'syncstatus', clerk)).toMatchObject({ ok: true });
    expect(decideOrderAction({ ...closed, syncStatus: 'SUCCESS' }, 'syncstatus', clerk)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction(closed, 'refund', clerk)).toMatchObject({ ok: true, change: { basketType: 'refund' } });
    expect(decideOrderAction({ ...closed, basketType: 'refund' }, 'refund', clerk)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction({ ...closed, orderStatus: 'ORDER_PREPARING' }, 'refund', clerk)).toMatchObject({ ok: true });
    expect(decideOrderAction({ ...closed, orderStatus: 'ORDER_DELIVERED' }, 'refund', clerk)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction({ ...closed, basketStatus: 'INPROGRESS' }, 'refund', clerk)).toEqual({ ok: false, status: 409 });
    expect(decideOrderAction(closed, 'refund', driver)).toEqual({ ok: false, status: 403 });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_DELIVERED', basketStatus: 'PAUSED' }), 'decline', clerk)).toMatchObject({ ok: true });
    expect(decideOrderAction(order({ orderStatus: 'ORDER_DELIVERED', basketStatus: 'PAUSED', remote: false }), 'decline', clerk)).toEqual({ ok: false, status: 409 });
  });

  /**
   * Over every status, basket status, order type, remote flag and sync status: which (action, status)
   * pairs each role can ever take. Anything added to or lost from the rules shows up here.
   */
  it('each role can take exactly its actions, in exactly these statuses', () => {
    const grid: OrderFacts[] = [];
    for (const orderStatus of ORDER_STATUSES)
      for (const basketStatus of ['INPROGRESS', 'PAID', 'CANCELLED', 'PAUSED'])
        for (const orderType of ['DELIVERY', 'EAT_IN', 'COLLECTION', 'TAKEAWAY'])
          for (const remote of [true, false])
            for (const syncStatus of ['INIT', 'FAILED']) grid.push({ orderStatus, basketStatus, orderType, remote, syncStatus, basketType: 'sale' });
    const reach = (has: (p: string) => boolean) => {
      const seen = new Set<string>();
      for (const o of grid) for (const a of ORDER_ACTIONS) if (decideOrderAction(o, a as OrderAction, has).ok) seen.add(`${a} ${o.orderStatus}`);
      return [...seen].filter((x) => !x.startsWith('print') && !x.startsWith('resendkitchen')).sort();
    };
    expect(reach(clerk)).toEqual(
      [
        'accept ORDER_PLACED',
        'close ORDER_DECLINED',
        'close ORDER_DELIVERED',
        'decline ORDER_ACCEPTED',
        'decline ORDER_DELIVERED',
        'decline ORDER_PLACED',
        'dispatch ORDER_READY',
        'payment ORDER_DELIVERED',
        'refund ORDER_ACCEPTED',
        'refund ORDER_CLOSED',
        'refund ORDER_DISPATCHED',
        'refund ORDER_PREPARING',
        'refund ORDER_READY',
        'syncstatus ORDER_CLOSED',
      ].sort(),
    );
    expect(reach(kitchen)).toEqual(['preparing ORDER_ACCEPTED', 'ready ORDER_PREPARING']);
    expect(reach(waiter)).toEqual(['deliver ORDER_READY']);
    expect(reach(driver)).toEqual(['deliver ORDER_DISPATCHED', 'payment ORDER_DISPATCHED']);
    expect(grid.every((o) => decideOrderAction(o, 'printreceipt', clerk).ok && !decideOrderAction(o, 'resendkitchen', kitchen).ok)).toBe(true);
  });
});
