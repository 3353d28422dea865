import { describe, expect, it } from 'vitest';
import { COLUMNS, type PrintableOrder, columns, encodeTicket, kitchenTicket, printItem, receiptOf, receiptTicket, ticketText, wrap } from './print-layout';

// 18:30 in London on a summer day (BST, UTC+1): the ticket shows the branch's wall clock.
const order: PrintableOrder = {
  orderNo: 42,
  orderType: 'DELIVERY',
  basketType: 'sale',
  paymentType: 'CARD',
  orderDate: new Date('2026-07-03T17:30:00Z'),
  tableNo: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobilePhone: '07700900123',
  deliveryAddress: { postCode: 'SW1A 1AA', city: 'London', addressLine1: '10 Downing St', addressLine2: null, addressLine3: null, addressLine4: null },
  deliveryTime: '19:15',
  orderNotes: 'Ring twice',
  allergies: 'nuts, sesame',
  subTotal: 2140,
  discount: 200,
  serviceCharge: 214,
  deliveryFee: 250,
  tax: 400,
  total: 2404,
  lines: [
    { description: 'Burger Meal, House Salad, Chunky Chips, Coca-Cola 330ml, (no onions)', quantityTenths: 20, totalPrice: 1850 },
    { description: 'Olives (per kg)', quantityTenths: 5, totalPrice: 290 },
  ],
};

describe('ticket layout', () => {
  it('reads an order line as item, options and notes, and halves of a kilo as 0.5', () => {
    expect(printItem(order.lines[0])).toEqual({ quantity: '2', name: 'Burger Meal', options: ['House Salad', 'Chunky Chips', 'Coca-Cola 330ml'], notes: ['no onions'], amount: 1850 });
    expect(printItem(order.lines[1])).toMatchObject({ quantity: '0.5', name: 'Olives (per kg)', options: [], notes: [] });
  });

  it('wraps at spaces, cuts words longer than a line, and puts amounts against the right edge', () => {
    expect(wrap('one two three', 7)).toEqual(['one two', 'three']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(columns('Total', '£24.04', 20)).toEqual(['Total         £24.04']);
    expect(columns('A very long item name here', '£1.00', 20)).toEqual(['A very long item', 'name here      £1.00']);
  });

  it('a kitchen ticket: number and type large, when and for whom, the printer’s items with options and notes, notes and allergies, no prices', () => {
    const lines = kitchenTicket(order, 'Grill', [printItem(order.lines[0])]);
    expect(ticketText(lines).split('\n')).toEqual([
      'Grill',
      'ORDER 42',
      'DELIVERY',
      'Order Date: 03/07/2026 18:30',
      'Deliver By: 19:15',
      'Customer: Ada Lovelace',
      'Phone: 07700900123',
      'Address: 10 Downing St, London, SW1A 1AA',
      '-'.repeat(COLUMNS),
      '2 x Burger Meal',
      '  - House Salad',
      '  - Chunky Chips',
      '  - Coca-Cola 330ml',
      '  Note: no onions',
      '-'.repeat(COLUMNS),
      'NOTES: Ring twice',
      'ALLERGIES: nuts, sesame',
    ]);
    expect(lines.filter((l) => 'text' in l && l.big).map((l) => 'text' in l && l.text)).toEqual(['ORDER 42', 'DELIVERY', '2 x Burger Meal']);
    expect(ticketText(lines)).not.toContain('£');
  });

  it('a table order names its table and no address', () => {
    const text = ticketText(kitchenTicket({ ...order, orderType: 'EAT_IN', tableNo: 7, deliveryAddress: null, deliveryTime: null, firstName: null, lastName: null, mobilePhone: null }, 'Grill', []));
    expect(text).toContain('EAT IN\nOrder Date: 03/07/2026 18:30\nTable: 7\n');
    expect(text).not.toContain('Address');
  });

  it('a receipt: the shop, the order, items with prices, discount, charges, total and payment, to the penny', () => {
    const r = receiptOf(order, { tradingName: 'Demo Bistro', address: ['1 High St', 'London N1 1AA'], vatNo: 'GB123456789' });
    expect(r.totals).toEqual([
      { label: 'Sub Total', amount: 2140 },
      { label: 'Discount', amount: -200 },
      { label: 'Service Charge', amount: 214 },
      { label: 'Delivery Fee', amount: 250 },
      { label: 'Total', amount: 2404, bold: true },
    ]);
    const text = ticketText(receiptTicket(r)).split('\n');
    const rule = '-'.repeat(COLUMNS);
    expect(text).toEqual([
      'Demo Bistro',
      '1 High St',
      'London N1 1AA',
      'VAT No: GB123456789',
      rule,
      'RECEIPT',
      'Order No: 42',
      'Order Type: DELIVERY',
      'Order Date: 03/07/2026 18:30',
      'Deliver By: 19:15',
      'Customer: Ada Lovelace',
      'Phone: 07700900123',
      'Address: 10 Downing St, London, SW1A 1AA',
      'Payment: CARD',
      rule,
      `2 x Burger Meal${' '.repeat(COLUMNS - 15 - 6)}£18.50`,
      '    House Salad',
      '    Chunky Chips',
      '    Coca-Cola 330ml',
      '    Note: no onions',
      `0.5 x Olives (per kg)${' '.repeat(COLUMNS - 21 - 5)}£2.90`,
      rule,
      `Sub Total${' '.repeat(COLUMNS - 9 - 6)}£21.40`,
      `Discount${' '.repeat(COLUMNS - 8 - 6)}-£2.00`,
      `Service Charge${' '.repeat(COLUMNS - 14 - 5)}£2.14`,
      `Delivery Fee${' '.repeat(COLUMNS - 12 - 5)}£2.50`,
      `Total${' '.repeat(COLUMNS - 5 - 6)}£24.04`,
      rule,
      'VAT included: £4.00',
      'Thank you for your order',
    ]);
    for (const l of text) expect(l.length).toBeLessThanOrEqual(COLUMNS);
  });

  it('a refund says so and totals what was refunded', () => {
    const r = receiptOf({ ...order, basketType: 'refund' }, { tradingName: 'Demo Bistro', address: [], vatNo: null });
    expect(r.title).toBe('REFUND');
    expect(r.totals.at(-1)).toEqual({ label: 'Total Refunded', amount: 2404, bold: true });
  });

  it('encodes to ESC/POS: initialise, code page 858 with £ as 0x9C, bold and double size where asked, a cut at the end', () => {
    const bytes = Buffer.from(encodeTicket(receiptTicket(receiptOf(order, { tradingName: 'Demo Bistro', address: [], vatNo: null }))));
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    // ESC t 19: Epson's number for code page 858.
    expect(bytes.includes(Buffer.from([0x1b, 0x74, 19]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x9c, ...Buffer.from('24.04')]))).toBe(true);
    expect(bytes.includes(Buffer.from('Demo Bistro'))).toBe(true);
    // GS ! 0x11: double width and height for the shop's name; GS V: the cut.
    expect(bytes.includes(Buffer.from([0x1d, 0x21, 0x11]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
    expect(bytes.includes(Buffer.from('£'))).toBe(false);
  });
});
