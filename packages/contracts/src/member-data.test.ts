import { describe, expect, it } from 'vitest';
import { MEMBER_ORDER_STATUS, MEMBER_ORDER_STATUSES, memberOrderStatus, previousOrderSchema } from './member-data';
import { ORDER_STATUSES } from './order';

describe('member-facing order status (orderStatusMember; spec 3 §4.1 leaves the values to us)', () => {
  it('maps every orderStatus to one of the member statuses', () => {
    for (const s of ORDER_STATUSES) expect(MEMBER_ORDER_STATUSES).toContain(MEMBER_ORDER_STATUS[s]);
    expect(Object.keys(MEMBER_ORDER_STATUS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('uses every member status for some orderStatus (no word the member can never see)', () => {
    const used = new Set(Object.values(MEMBER_ORDER_STATUS));
    expect([...used].sort()).toEqual([...MEMBER_ORDER_STATUSES].sort());
  });

  it("tells the member the order moves forward in the kitchen's order", () => {
    const path = ['ORDER_PLACED', 'ORDER_ACCEPTED', 'ORDER_PREPARING', 'ORDER_READY', 'ORDER_DISPATCHED', 'ORDER_DELIVERED'] as const;
    expect(path.map((s) => memberOrderStatus(s))).toEqual(['Placed', 'Accepted', 'Preparing', 'Ready', 'On its way', 'Delivered']);
    expect(memberOrderStatus('ORDER_CREATED')).toBe('Placed');
    expect(memberOrderStatus('ORDER_CLOSED')).toBe('Completed');
  });

  it("keeps a refusal apart from the customer's own cancel", () => {
    expect(memberOrderStatus('ORDER_DECLINED')).toBe('Declined');
    expect(memberOrderStatus('ORDER_CANCELLED')).toBe('Cancelled');
  });

  it('reads an unknown status as placed rather than failing the page', () => {
    expect(memberOrderStatus('SOMETHING_NEW')).toBe('Placed');
    expect(memberOrderStatus('')).toBe('Placed');
  });

  it('the previous order shape accepts only a member status', () => {
    const order = {
      id: 1,
      orderNo: 7,
      orderDate: '2026-11-23T10:00:00.000Z',
      merchantBranchId: 1,
      businessName: 'Demo Bistro',
      basketStatus: 'PAID',
      syncStatus: 'INIT',
      orderStatus: 'ORDER_PLACED',
      orderStatusMember: 'Placed',
      acceptedDate: null,
      subTotalPrice: 11,
      subTotalPriceString: '£11.00',
      discountPrice: 0,
      discountPriceString: '£0.00',
      deliveryPrice: 1.5,
      deliveryFeeString: '£1.50',
      calculatedServiceCharge: 0,
      calculatedServiceChargeString: '£0.00',
      totalTaxPrice: 2.08,
      totalTaxPriceString: '£2.08',
      totalPrice: 12.5,
      totalPriceString: '£12.50',
      orderType: 'DELIVERY',
      deliveryAddress: null,
      basketDetailList: [],
    };
    expect(previousOrderSchema.safeParse(order).success).toBe(true);
    expect(previousOrderSchema.safeParse({ ...order, orderStatusMember: 'ORDER_PLACED' }).success).toBe(false);
  });
});
