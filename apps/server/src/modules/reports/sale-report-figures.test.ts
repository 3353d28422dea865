import { describe, expect, it } from 'vitest';
import { type ReportOrder, countsAsSale, moneyText, saleReportFigures, vatByRate } from './sale-report-figures';

const order = (o: Partial<ReportOrder>): ReportOrder => ({
  orderType: 'DELIVERY',
  orderStatus: 'ORDER_ACCEPTED',
  basketStatus: 'PAID',
  declined: false,
  paymentType: 'CARD',
  tableNo: null,
  subTotal: 0,
  discount: 0,
  serviceCharge: 0,
  deliveryFee: 0,
  tax: 0,
  total: 0,
  lines: [],
  ...o,
});

// A known day, worked out by hand (VAT included in prices, as the basket prices it).
// A: delivery paid by card, £10 at 20% and £5 at 0%, 10% service charge, £2.50 delivery: VAT 1000/6 = 166.67 → 167.
const A = order({ subTotal: 1500, serviceCharge: 150, deliveryFee: 250, tax: 167, total: 1900, lines: [{ totalPrice: 1000, taxRateBp: 2000 }, { totalPrice: 500, taxRateBp: 0 }] });
// B: collection paid at the counter (not yet), £24 at 20% and £6 at 5%, 10% collection discount: VAT (400 + 28.57) × 0.9 = 385.71 → 386.
const B = order({
  orderType: 'COLLECTION',
  basketStatus: 'INPROGRESS',
  paymentType: 'PAY AT COUNTER',
  subTotal: 3000,
  discount: 300,
  tax: 386,
  total: 2700,
  lines: [{ totalPrice: 2400, taxRateBp: 2000 }, { totalPrice: 600, taxRateBp: 500 }],
});
// C: a table order, £12 at 20% with 10% service charge.
const C = order({ orderType: 'EAT_IN', tableNo: 4, subTotal: 1200, serviceCharge: 120, tax: 200, total: 1320, lines: [{ totalPrice: 1200, taxRateBp: 2000 }] });
// D: declined by the store: not a sale.
const D = order({ orderStatus: 'ORDER_DECLINED', subTotal: 999, tax: 167, total: 999, lines: [{ totalPrice: 999, taxRateBp: 2000 }] });
// E: an order of an earlier day refunded today (£6 at 20%).
const E = order({ orderStatus: 'ORDER_CLOSED', subTotal: 600, tax: 100, total: 600, lines: [{ totalPrice: 600, taxRateBp: 2000 }] });

describe('sale report figures', () => {
  it('adds a known day up to the penny', () => {
    const f = saleReportFigures([A, B, C, D], [E]);
    expect(f).toMatchObject({ grossSale: 5920, grossSaleCnt: 3, refunds: 600, refundsCnt: 1, netSale: 5320, netSaleCnt: 2 });
    expect(f.byChannel).toEqual({
      WEB_ORDER: { grossSale: 4600, grossSaleCnt: 2, refunds: 600, refundsCnt: 1 },
      TABLE_ORDER: { grossSale: 1320, grossSaleCnt: 1, refunds: 0, refundsCnt: 0 },
    });
    expect(f.lines).toEqual([
      { name: 'Gross Sale', quantityText: '3', amountText: '£59.20' },
      { name: 'Items', quantityText: '3', amountText: '£57.00' },
      { name: 'Discounts', quantityText: '1', amountText: '-£3.00' },
      { name: 'Service Charges', quantityText: '2', amountText: '£2.70' },
      { name: 'Delivery Fees', quantityText: '1', amountText: '£2.50' },
      { name: 'Refunds', quantityText: '1', amountText: '-£6.00' },
      { name: 'Net Sale', quantityText: '2', amountText: '£53.20' },
      // 167 + 360 + 200 − 100 at 20%; B's 386 split 360.27 / 25.73 by largest remainder.
      { name: 'VAT 20.00%', quantityText: '', amountText: '£6.27' },
      { name: 'VAT 5.00%', quantityText: '', amountText: '£0.26' },
      { name: 'Total VAT', quantityText: '', amountText: '£6.53' },
      { name: 'Net Sale Excluding VAT', quantityText: '', amountText: '£46.67' },
      { name: 'Payment: CARD', quantityText: '2', amountText: '£32.20' },
      { name: 'Unpaid', quantityText: '1', amountText: '£27.00' },
      { name: 'Orders: COLLECTION', quantityText: '1', amountText: '£27.00' },
      { name: 'Orders: DELIVERY', quantityText: '1', amountText: '£19.00' },
      { name: 'Orders: EAT_IN', quantityText: '1', amountText: '£13.20' },
      { name: 'Channel: TABLE_ORDER', quantityText: '1', amountText: '£13.20' },
      { name: 'Channel: WEB_ORDER', quantityText: '2', amountText: '£46.00' },
    ]);
  });

  it('an empty period is a report of zeros', () => {
    const f = saleReportFigures([], []);
    expect(f).toMatchObject({ grossSale: 0, grossSaleCnt: 0, refunds: 0, netSale: 0, netSaleCnt: 0, byChannel: {} });
    expect(f.lines.find((l) => l.name === 'Net Sale')).toEqual({ name: 'Net Sale', quantityText: '0', amountText: '£0.00' });
  });

  it('only orders that became sales count', () => {
    expect(countsAsSale({ orderStatus: 'ORDER_PLACED', basketStatus: 'INPROGRESS', declined: false })).toBe(true);
    expect(countsAsSale({ orderStatus: 'ORDER_CLOSED', basketStatus: 'PAID', declined: false })).toBe(true);
    expect(countsAsSale({ orderStatus: 'ORDER_DECLINED', basketStatus: 'PAID', declined: false })).toBe(false);
    expect(countsAsSale({ orderStatus: 'ORDER_CANCELLED', basketStatus: 'PAID', declined: false })).toBe(false);
    expect(countsAsSale({ orderStatus: 'ORDER_CREATED', basketStatus: 'INPROGRESS', declined: false })).toBe(false);
    expect(countsAsSale({ orderStatus: 'ORDER_ACCEPTED', basketStatus: 'CANCELLED', declined: false })).toBe(false);
    // Declined, then closed by a clerk: still no sale.
    expect(countsAsSale({ orderStatus: 'ORDER_CLOSED', basketStatus: 'PAID', declined: true })).toBe(false);
  });

  it("VAT by rate always adds up to the order's VAT", () => {
    for (let tax = 0; tax < 500; tax += 7) {
      const parts = vatByRate({ tax, lines: [{ totalPrice: 333, taxRateBp: 2000 }, { totalPrice: 333, taxRateBp: 500 }, { totalPrice: 334, taxRateBp: 2000 }, { totalPrice: 1, taxRateBp: null }] });
      expect([...parts.values()].reduce((a, b) => a + b, 0)).toBe(tax);
    }
    expect(vatByRate({ tax: 50, lines: [] })).toEqual(new Map([[null, 50]]));
  });

  it('writes money with £, comma thousands and two decimals from pence', () => {
    expect(moneyText(123456789)).toBe('£1,234,567.89');
    expect(moneyText(-5)).toBe('-£0.05');
    expect(moneyText(0)).toBe('£0.00');
  });
});
