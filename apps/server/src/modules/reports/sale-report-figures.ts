import type { SaleReportLine } from '@tillpoint/contracts/sale-report';
import type { customerOrder } from '../../db/schema';

/** What the report reads of an order (money in pence). */
export type ReportOrder = Pick<
  typeof customerOrder.$inferSelect,
  'orderType' | 'orderStatus' | 'basketStatus' | 'paymentType' | 'tableNo' | 'subTotal' | 'discount' | 'serviceCharge' | 'deliveryFee' | 'tax' | 'total'
> & {
  /** Declined by the store at some point (a declined order may later be closed: it stays no sale). */
  declined: boolean;
  /** Each line's total and VAT rate in basis points (null when the rate is not known). */
  lines: { totalPrice: number; taxRateBp: number | null }[];
};

export type ChannelFigures = { grossSale: number; grossSaleCnt: number; refunds: number; refundsCnt: number };
export type ReportFigures = {
  grossSale: number;
  grossSaleCnt: number;
  refunds: number;
  refundsCnt: number;
  netSale: number;
  netSaleCnt: number;
  byChannel: Record<string, ChannelFigures>;
  lines: SaleReportLine[];
};

/**
 * Which orders are sales (our reading of spec 3 §4.1–4.2; the spec does not say): an order counts in
 * the period it was placed unless it never became a sale — still being created (ORDER_CREATED),
 * cancelled (ORDER_CANCELLED or a CANCELLED basket) or declined by the store (ORDER_DECLINED). An order
 * placed but not yet paid (pay at the counter or at the door) is a sale and shows under 'Unpaid'.
 * A refund counts in the period it was made (its REFUND history row), for the order's whole total:
 * refunds are whole orders (spec 3 §4.2, the payments area refunds the amount paid).
 */
export const NOT_SALES = ['ORDER_CREATED', 'ORDER_CANCELLED', 'ORDER_DECLINED'] as const;
export const countsAsSale = (o: Pick<ReportOrder, 'orderStatus' | 'basketStatus' | 'declined'>) =>
  !o.declined && !(NOT_SALES as readonly string[]).includes(o.orderStatus) && o.basketStatus !== 'CANCELLED';

/**
 * The channel an order came through (spec 1 §9 channels). Every order here was placed from a
 * storefront basket: with a table number it is a TABLE_ORDER, otherwise a WEB_ORDER. ('remote' says
 * how an order is paid, online or at the counter, not where it came from.)
 */
export function channelOf(o: Pick<ReportOrder, 'tableNo'>): string {
  return o.tableNo !== null ? 'TABLE_ORDER' : 'WEB_ORDER';
}

const thousands = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
/** £ with comma thousands and 2 decimals (spec 1 §9), from integer pence: no floating-point money. */
export function moneyText(pence: number): string {
  const abs = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}£${thousands.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An order's VAT (as charged, already scaled by its discounts) split over its lines' rates in
 * proportion to the VAT each rate's lines carry, by largest remainder, so the parts add up to the
 * order's VAT to the penny. VAT on lines of unknown rate, or on no line, goes under null.
 */
export function vatByRate(o: Pick<ReportOrder, 'tax' | 'lines'>): Map<number | null, number> {
  const weights = new Map<number | null, number>();
  for (const l of o.lines) {
    const w = l.taxRateBp === null ? Math.abs(l.totalPrice) : (l.totalPrice * l.taxRateBp) / (10000 + l.taxRateBp);
    weights.set(l.taxRateBp, (weights.get(l.taxRateBp) ?? 0) + w);
  }
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const out = new Map<number | null, number>();
  if (o.tax === 0) return out;
  if (total <= 0) return out.set(null, o.tax);
  const parts = [...weights.entries()].map(([rate, w]) => {
    const exact = (o.tax * w) / total;
    return { rate, floor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = o.tax - parts.reduce((s, p) => s + p.floor, 0);
  parts.sort((a, b) => b.rest - a.rest || (b.rate ?? -1) - (a.rate ?? -1));
  for (const p of parts) {
    const extra = left > 0 ? 1 : 0;
    left -= extra;
    if (p.floor + extra !== 0) out.set(p.rate, p.floor + extra);
  }
  return out;
}

type Tally = { count: number; amount: number };
const add = (m: Map<string, Tally>, key: string, amount: number) => {
  const t = m.get(key) ?? { count: 0, amount: 0 };
  m.set(key, { count: t.count + 1, amount: t.amount + amount });
};
const line = (name: string, count: number | null, pence: number): SaleReportLine => ({ name, quantityText: count === null ? '' : String(count), amountText: moneyText(pence) });
const rateName = (rate: number | null) => (rate === null ? 'VAT (rate not known)' : `VAT ${(rate / 100).toFixed(2)}%`);

/**
 * The report of a period from its orders, in pence: gross sales (what the customers were charged:
 * items less discounts, plus service charges and delivery fees), refunds, net sales (gross less
 * refunds), VAT by rate (net of refunded VAT), net sales without VAT, payments by type, and order
 * counts by type and by channel. `sales` are the orders placed in the period (those that are not sales
 * are left out here), `refunds` the orders refunded in it.
 */
export function saleReportFigures(placed: readonly ReportOrder[], refunded: readonly ReportOrder[]): ReportFigures {
  const sales = placed.filter(countsAsSale);
  const sum = (os: readonly ReportOrder[], f: (o: ReportOrder) => number) => os.reduce((s, o) => s + f(o), 0);
  const grossSale = sum(sales, (o) => o.total);
  const refunds = sum(refunded, (o) => o.total);
  const vat = new Map<number | null, number>();
  for (const [orders, sign] of [
    [sales, 1],
    [refunded, -1],
  ] as const) {
    for (const o of orders) for (const [rate, pence] of vatByRate(o)) vat.set(rate, (vat.get(rate) ?? 0) + sign * pence);
  }
  const totalVat = [...vat.values()].reduce((a, b) => a + b, 0);
  const payments = new Map<string, Tally>();
  const types = new Map<string, Tally>();
  const channels = new Map<string, Tally>();
  const byChannel: Record<string, ChannelFigures> = {};
  const channel = (name: string) => (byChannel[name] ??= { grossSale: 0, grossSaleCnt: 0, refunds: 0, refundsCnt: 0 });
  for (const o of sales) {
    add(payments, o.basketStatus === 'PAID' ? `Payment: ${o.paymentType}` : 'Unpaid', o.total);
    add(types, `Orders: ${o.orderType}`, o.total);
    add(channels, `Channel: ${channelOf(o)}`, o.total);
    const c = channel(channelOf(o));
    c.grossSale += o.total;
    c.grossSaleCnt += 1;
  }
  for (const o of refunded) {
    const c = channel(channelOf(o));
    c.refunds += o.total;
    c.refundsCnt += 1;
  }
  const sorted = (m: Map<string, Tally>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, t]) => line(name, t.count, t.amount));
  const counted = (f: (o: ReportOrder) => number) => sales.filter((o) => f(o) !== 0).length;
  const rates = [...vat.keys()].sort((a, b) => (b ?? -1) - (a ?? -1));
  const lines: SaleReportLine[] = [
    line('Gross Sale', sales.length, grossSale),
    line('Items', sales.length, sum(sales, (o) => o.subTotal)),
    line('Discounts', counted((o) => o.discount), -sum(sales, (o) => o.discount)),
    line('Service Charges', counted((o) => o.serviceCharge), sum(sales, (o) => o.serviceCharge)),
    line('Delivery Fees', counted((o) => o.deliveryFee), sum(sales, (o) => o.deliveryFee)),
    line('Refunds', refunded.length, -refunds),
    line('Net Sale', sales.length - refunded.length, grossSale - refunds),
    ...rates.map((r) => line(rateName(r), null, vat.get(r) ?? 0)),
    line('Total VAT', null, totalVat),
    line('Net Sale Excluding VAT', null, grossSale - refunds - totalVat),
    ...sorted(payments),
    ...sorted(types),
    ...sorted(channels),
  ];
  return {
    grossSale,
    grossSaleCnt: sales.length,
    refunds,
    refundsCnt: refunded.length,
    netSale: grossSale - refunds,
    netSaleCnt: sales.length - refunded.length,
    byChannel,
    lines,
  };
}
