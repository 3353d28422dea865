import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { moneyString } from '@tillpoint/contracts/basket';
import { BRANCH_TIME_ZONE } from '@tillpoint/contracts/schedule';
import type { customerOrder } from '../../db/schema';
import { cellText } from '../../platform/table-export';
import { useCodepageTables } from './codepage-table';

useCodepageTables();

/** Characters on a line of an 80 mm ticket in the printer's standard font (a safe width for 42- and 48-column models). */
export const COLUMNS = 42;

/** What a ticket or receipt is made from: an order as stored (money in pence). */
export type PrintableOrder = Pick<
  typeof customerOrder.$inferSelect,
  'orderNo' | 'orderType' | 'basketType' | 'paymentType' | 'orderDate' | 'tableNo' | 'firstName' | 'lastName' | 'mobilePhone' | 'deliveryAddress'
  | 'deliveryTime' | 'orderNotes' | 'allergies' | 'subTotal' | 'discount' | 'serviceCharge' | 'deliveryFee' | 'tax' | 'total'
> & { lines: { description: string; quantityTenths: number; totalPrice: number }[] };

export type PrintableBranch = { tradingName: string; address: string[]; vatNo: string | null };

/** One item as printed: its name, the options and notes chosen with it, how many and what it cost. */
export type PrintItem = { quantity: string; name: string; options: string[]; notes: string[]; amount: number };

/** The receipt as data, so the ESC/POS print and the PDF say the same thing. */
export type Receipt = {
  title: string;
  branch: PrintableBranch;
  details: [string, string][];
  items: PrintItem[];
  totals: { label: string; amount: number; bold?: boolean }[];
  footer: string[];
};

/** A line of a printed ticket: text (already fitted to its width) or a rule across the paper. */
export type PrintLine = { text: string; bold?: boolean; big?: boolean; align?: 'left' | 'center' | 'right' } | { rule: true };

const ORDER_TYPE_NAMES: Record<string, string> = { DELIVERY: 'DELIVERY', COLLECTION: 'COLLECTION', EAT_IN: 'EAT IN', TAKEAWAY: 'TAKEAWAY' };

/** 1 for whole units, 0.5 for half a kilo: order lines count quantities in tenths. */
export const quantityText = (tenths: number) => (tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1));

/**
 * An order line's description is the item's name, then its options, then its extra notes in
 * brackets, joined by ', ' (as the basket writes it when the order is placed).
 */
export function printItem(line: PrintableOrder['lines'][number]): PrintItem {
  const [name, ...rest] = line.description.split(', ');
  const isNote = (p: string) => p.startsWith('(') && p.endsWith(')');
  return { quantity: quantityText(line.quantityTenths), name, options: rest.filter((p) => !isNote(p)), notes: rest.filter(isNote).map((p) => p.slice(1, -1)), amount: line.totalPrice };
}

const dateTime = (d: Date) => cellText(d, 'dateTime', BRANCH_TIME_ZONE);
const customerName = (o: PrintableOrder) => [o.firstName, o.lastName].filter(Boolean).join(' ');
const addressLines = (o: PrintableOrder) =>
  o.deliveryAddress ? [o.deliveryAddress.addressLine1, o.deliveryAddress.addressLine2, o.deliveryAddress.addressLine3, o.deliveryAddress.addressLine4, o.deliveryAddress.city, o.deliveryAddress.postCode].filter((l): l is string => Boolean(l)) : [];

/** Who and where, as far as the order type needs it: the table, the customer, the delivery address and time. */
function orderDetails(o: PrintableOrder): [string, string][] {
  const rows: [string, string][] = [['Order Date', dateTime(o.orderDate)]];
  if (o.tableNo !== null) rows.push(['Table', String(o.tableNo)]);
  if (o.deliveryTime) rows.push([o.orderType === 'DELIVERY' ? 'Deliver By' : 'Ready By', o.deliveryTime]);
  const name = customerName(o);
  if (name) rows.push(['Customer', name]);
  if (o.mobilePhone) rows.push(['Phone', o.mobilePhone]);
  const address = addressLines(o);
  if (address.length) rows.push(['Address', address.join(', ')]);
  return rows;
}

/** Splits text into lines of at most `width` characters, breaking at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      for (let w = word; w.length; ) {
        const room = line ? width - line.length - 1 : width;
        if (w.length <= room) {
          line = line ? `${line} ${w}` : w;
          w = '';
        } else if (line) {
          out.push(line);
          line = '';
        } else {
          out.push(w.slice(0, width));
          w = w.slice(width);
        }
      }
    }
    out.push(line);
  }
  return out;
}

/** Left text and right text on one line (the left one wraps above when both do not fit). */
export function columns(left: string, right: string, width = COLUMNS): string[] {
  const lines = wrap(left, width);
  const last = lines[lines.length - 1];
  if (last.length + 1 + right.length <= width) lines[lines.length - 1] = last + ' '.repeat(width - last.length - right.length) + right;
  else lines.push(right.padStart(width));
  return lines;
}

const textLines = (text: string, style: Omit<Extract<PrintLine, { text: string }>, 'text'> = {}): PrintLine[] =>
  wrap(text, style.big ? COLUMNS / 2 : COLUMNS).map((t) => ({ ...style, text: t }));

const detailLines = (rows: [string, string][]): PrintLine[] => rows.flatMap(([label, value]) => textLines(`${label}: ${value}`));

/**
 * A kitchen ticket for one printer: the order number and type large, when, for whom, then the
 * items it makes (with the options it makes and the notes), then the order's notes and allergies.
 * No prices.
 */
export function kitchenTicket(o: PrintableOrder, printerName: string, items: PrintItem[]): PrintLine[] {
  const out: PrintLine[] = [
    { text: printerName.slice(0, COLUMNS), align: 'center' },
    ...textLines(`ORDER ${o.orderNo}`, { big: true, bold: true }),
    ...textLines(ORDER_TYPE_NAMES[o.orderType] ?? o.orderType, { big: true, bold: true }),
    ...detailLines(orderDetails(o)),
    { rule: true },
  ];
  for (const item of items) {
    out.push(...textLines(`${item.quantity} x ${item.name}`, { bold: true, big: true }));
    for (const option of item.options) out.push(...wrap(option, COLUMNS - 4).map((t) => ({ text: `  - ${t}` })));
    for (const note of item.notes) out.push(...wrap(`Note: ${note}`, COLUMNS - 2).map((t) => ({ text: `  ${t}` })));
  }
  out.push({ rule: true });
  if (o.orderNotes) out.push(...textLines(`NOTES: ${o.orderNotes}`, { bold: true }));
  if (o.allergies) out.push(...textLines(`ALLERGIES: ${o.allergies}`, { bold: true }));
  return out;
}

/** The receipt of an order: the shop, the order, each item with its price, the charges, the total and how it was paid. */
export function receiptOf(o: PrintableOrder, branch: PrintableBranch): Receipt {
  const refund = o.basketType === 'refund';
  const totals: Receipt['totals'] = [{ label: 'Sub Total', amount: o.subTotal }];
  if (o.discount) totals.push({ label: 'Discount', amount: -o.discount });
  if (o.serviceCharge) totals.push({ label: 'Service Charge', amount: o.serviceCharge });
  if (o.deliveryFee) totals.push({ label: 'Delivery Fee', amount: o.deliveryFee });
  totals.push({ label: refund ? 'Total Refunded' : 'Total', amount: o.total, bold: true });
  return {
    title: refund ? 'REFUND' : 'RECEIPT',
    branch,
    details: [['Order No', String(o.orderNo)], ['Order Type', ORDER_TYPE_NAMES[o.orderType] ?? o.orderType], ...orderDetails(o), ['Payment', o.paymentType]],
    items: o.lines.map(printItem),
    totals,
    footer: [...(o.tax ? [`VAT included: ${moneyString(o.tax)}`] : []), 'Thank you for your order'],
  };
}

/** The receipt as printed lines. */
export function receiptTicket(r: Receipt): PrintLine[] {
  const out: PrintLine[] = [
    ...textLines(r.branch.tradingName, { big: true, bold: true, align: 'center' }),
    ...r.branch.address.flatMap((l) => textLines(l, { align: 'center' })),
    ...(r.branch.vatNo ? textLines(`VAT No: ${r.branch.vatNo}`, { align: 'center' }) : []),
    { rule: true },
    ...textLines(r.title, { bold: true, align: 'center' }),
    ...detailLines(r.details),
    { rule: true },
  ];
  for (const item of r.items) {
    out.push(...columns(`${item.quantity} x ${item.name}`, moneyString(item.amount)).map((text) => ({ text })));
    for (const option of item.options) out.push(...wrap(option, COLUMNS - 4).map((t) => ({ text: `    ${t}` })));
    for (const note of item.notes) out.push(...wrap(`Note: ${note}`, COLUMNS - 4).map((t) => ({ text: `    ${t}` })));
  }
  out.push({ rule: true });
  for (const t of r.totals) out.push(...columns(t.label, moneyString(t.amount)).map((text) => ({ text, bold: t.bold })));
  out.push({ rule: true });
  for (const f of r.footer) out.push(...textLines(f, { align: 'center' }));
  return out;
}

/** The ticket as plain text, one line per printed line (what the tests and the logs read). */
export const ticketText = (lines: PrintLine[]) => lines.map((l) => ('rule' in l ? '-'.repeat(COLUMNS) : l.text)).join('\n');

/**
 * ESC/POS bytes for a ticket. Code page 858 has '£' (and '€'); the Epson mapping of code page
 * numbers is the one ESC/POS printers share. Big text is double width and height. Ends with a
 * feed and a partial cut.
 */
export function encodeTicket(lines: PrintLine[]): Uint8Array {
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: COLUMNS, codepageMapping: 'epson' }).initialize().codepage('cp858');
  for (const l of lines) {
    if ('rule' in l) {
      e.bold(false).rule();
      continue;
    }
    e.align(l.align ?? 'left').bold(Boolean(l.bold));
    if (l.big) e.size(2, 2);
    e.line(l.text);
    if (l.big) e.size(1, 1);
  }
  return e.bold(false).align('left').newline().cut('partial').encode();
}
