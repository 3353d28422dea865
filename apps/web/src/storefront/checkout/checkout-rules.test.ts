import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@tillpoint/contracts/order-rules';
import { providerSavesCards } from '@tillpoint/contracts/payment-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { type CheckoutState, billingOf, checkoutProblem, emptyAddress, initialOrderType, londonMinutes, paymentOptionsFor, readyBySlots, savedCardsOffered } from './checkout-rules';

const settings = {
  webOrderPaymentOptions: 'CARD (DELIVERY),PAY AT DOOR BY CASH (DELIVERY),WALLET (DELIVERY),APPLE PAY (COLLECTION),PAY AT COUNTER (COLLECTION),PAY PAL (COLLECTION)',
  tableOrderPaymentOptions: 'PAY AT COUNTER,CARD',
};

describe('saved cards at checkout (issue 11)', () => {
  const cards = [
    { id: 1, provider: 'SIMULATOR' },
    { id: 2, provider: 'OPAYO' },
    { id: 3, provider: 'DOJO' },
  ];
  it("'Save this card' where the branch's provider keeps cards from a payment", () => {
    expect(['SIMULATOR', 'OPAYO', 'DOJO', 'NONE'].map((p) => providerSavesCards(p, 'atCheckout'))).toEqual([true, true, true, false]);
    expect(['SIMULATOR', 'OPAYO', 'DOJO'].map((p) => providerSavesCards(p, 'withoutPaying'))).toEqual([true, false, false]);
  });
  it("lists only cards of the branch's provider whose CVV field the page draws (Dojo shows them in its own frame)", () => {
    expect(savedCardsOffered(cards, 'SIMULATOR').map((c) => c.id)).toEqual([1]);
    expect(savedCardsOffered(cards, 'OPAYO').map((c) => c.id)).toEqual([2]);
    expect(savedCardsOffered(cards, 'DOJO')).toEqual([]);
    expect(savedCardsOffered(cards, 'NONE')).toEqual([]);
  });
});

describe('the order type the checkout opens with (spec 3 §4.4)', () => {
  it('opens on Table Order with a stored table, else the stored choice, else Delivery, Collection, then Table Order', () => {
    const offered = ['Delivery', 'Collection', 'Table Order'] as const;
    expect(initialOrderType([...offered], null, 4)).toBe('Table Order');
    expect(initialOrderType([...offered], 'Collection', null)).toBe('Collection');
    expect(initialOrderType([...offered], null, null)).toBe('Delivery');
    // A stored Table Order without a table number falls back to web ordering.
    expect(initialOrderType([...offered], 'Table Order', null)).toBe('Delivery');
    expect(initialOrderType(['Collection', 'Table Order'], 'Delivery', null)).toBe('Collection');
    expect(initialOrderType(['Table Order'], null, null)).toBe('Table Order');
    expect(initialOrderType(['Delivery'], null, 3)).toBe('Delivery');
    expect(initialOrderType([], null, null)).toBeNull();
  });
});

describe('payment options (spec 3 §3, §4.8)', () => {
  it('lists the type\'s options without their suffix, only those the provider serves', () => {
    expect(paymentOptionsFor(settings, 'Delivery', 'SIMULATOR', false)).toEqual(['CARD', 'PAY AT DOOR BY CASH']);
    expect(paymentOptionsFor(settings, 'Delivery', 'DOJO', false)).toEqual(['CARD', 'PAY AT DOOR BY CASH', 'WALLET']);
    expect(paymentOptionsFor(settings, 'Delivery', 'NONE', false)).toEqual(['PAY AT DOOR BY CASH']);
    expect(paymentOptionsFor(settings, 'Table Order', 'SIMULATOR', false)).toEqual(['PAY AT COUNTER', 'CARD']);
  });

  it('offers Apple Pay only with OPAYO in a browser that supports it, and never PayPal', () => {
    expect(paymentOptionsFor(settings, 'Collection', 'OPAYO', true)).toEqual(['APPLE PAY', 'PAY AT COUNTER']);
    expect(paymentOptionsFor(settings, 'Collection', 'OPAYO', false)).toEqual(['PAY AT COUNTER']);
    expect(paymentOptionsFor(settings, 'Collection', 'DOJO', true)).toEqual(['PAY AT COUNTER']);
  });
});

const valid: CheckoutState = {
  lineCount: 2,
  subTotal: 20,
  discount: 0,
  minimumDeliveryBasketPrice: 15,
  orderType: 'Delivery',
  guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mobilePhone: '07700 900123' },
  addressChosen: true,
  address: { ...emptyAddress(), postCode: 'SW1A 1AA', addressLine1: '1 High Street', city: 'London' },
  tableNo: null,
  paymentType: 'PAY AT DOOR BY CASH',
  sameAsDelivery: true,
  billing: emptyAddress(),
  provider: 'SIMULATOR',
};

describe('checkout checks (spec 3 §5.3), in their order', () => {
  it('passes a complete delivery order', () => {
    expect(checkoutProblem(valid)).toBeNull();
  });

  it('answers with the first failing check', () => {
    // Everything wrong at once: the empty basket is said first.
    const broken: CheckoutState = { ...valid, lineCount: 0, orderType: null, guest: { firstName: '', lastName: '', email: '', mobilePhone: '' }, paymentType: null };
    expect(checkoutProblem(broken)).toBe(CHECKOUT_MESSAGES.orderEmpty);
    expect(checkoutProblem({ ...broken, lineCount: 1 })).toBe(CHECKOUT_MESSAGES.deliveryType);
    expect(checkoutProblem({ ...broken, lineCount: 1, orderType: 'Delivery' })).toBe(CHECKOUT_MESSAGES.userDetails);
  });

  it('guest details: each field, the e-mail, the mobile', () => {
    for (const field of ['firstName', 'lastName', 'email', 'mobilePhone'] as const) {
      expect(checkoutProblem({ ...valid, guest: { ...valid.guest, [field]: '  ' } })).toBe(CHECKOUT_MESSAGES.userDetails);
      expect(checkoutProblem({ ...valid, guest: { ...valid.guest, [field]: 'null' } })).toBe(CHECKOUT_MESSAGES.userDetails);
    }
    expect(checkoutProblem({ ...valid, guest: { ...valid.guest, email: 'ada@' } })).toBe(CHECKOUT_MESSAGES.email);
    expect(checkoutProblem({ ...valid, guest: { ...valid.guest, mobilePhone: '020 7946 0000' } })).toBe(MESSAGES.notValidPhone);
  });

  it('delivery: an address chosen, its post code, line 1 and city, then the minimum basket', () => {
    expect(checkoutProblem({ ...valid, addressChosen: false })).toBe(CHECKOUT_MESSAGES.selectAddress);
    for (const field of ['postCode', 'addressLine1', 'city'] as const) {
      expect(checkoutProblem({ ...valid, address: { ...valid.address, [field]: '' } })).toBe(CHECKOUT_MESSAGES.addressDetails);
    }
    expect(checkoutProblem({ ...valid, address: { ...valid.address, addressLine2: '' } })).toBeNull();
    expect(checkoutProblem({ ...valid, subTotal: 14.99 })).toBe(CHECKOUT_MESSAGES.minimumBasket);
    // The promotion discount counts against the minimum; exactly the minimum passes.
    expect(checkoutProblem({ ...valid, subTotal: 17, discount: 2 })).toBeNull();
    expect(checkoutProblem({ ...valid, subTotal: 17, discount: 2.01 })).toBe(CHECKOUT_MESSAGES.minimumBasket);
    expect(checkoutProblem({ ...valid, subTotal: 1, minimumDeliveryBasketPrice: null })).toBeNull();
    // Collection asks for none of it.
    expect(checkoutProblem({ ...valid, orderType: 'Collection', addressChosen: false, address: emptyAddress(), subTotal: 1, paymentType: 'PAY AT COUNTER' })).toBeNull();
  });

  it('table order needs a table, then every order a payment type', () => {
    const table: CheckoutState = { ...valid, orderType: 'Table Order', paymentType: 'PAY AT COUNTER', tableNo: null };
    expect(checkoutProblem(table)).toBe(CHECKOUT_MESSAGES.tableNo);
    expect(checkoutProblem({ ...table, tableNo: 3 })).toBeNull();
    expect(checkoutProblem({ ...table, tableNo: 3, paymentType: null })).toBe(CHECKOUT_MESSAGES.paymentType);
  });

  it('billing address: card payments with DOJO or OPAYO when billing is not the delivery address', () => {
    const card: CheckoutState = { ...valid, paymentType: 'CARD', provider: 'OPAYO', sameAsDelivery: false };
    expect(checkoutProblem(card)).toBe(CHECKOUT_MESSAGES.billingAddress);
    expect(checkoutProblem({ ...card, billing: { ...emptyAddress(), postCode: 'SW1A 2AA', addressLine1: '10 Downing Street', city: 'London' } })).toBeNull();
    expect(checkoutProblem({ ...card, sameAsDelivery: true })).toBeNull();
    expect(checkoutProblem({ ...card, provider: 'SIMULATOR' })).toBeNull();
    expect(checkoutProblem({ ...card, paymentType: 'PAY AT DOOR BY CARD' })).toBeNull();
    // 'Same as delivery' means nothing for a collection: its billing address is asked for.
    expect(checkoutProblem({ ...card, orderType: 'Collection', sameAsDelivery: true })).toBe(CHECKOUT_MESSAGES.billingAddress);
  });

  it('the billing address sent is the delivery address when ticked, none for unpaid options', () => {
    const billing = { ...emptyAddress(), postCode: 'SW1A 2AA' };
    expect(billingOf({ ...valid, paymentType: 'CARD', billing })).toEqual(valid.address);
    expect(billingOf({ ...valid, paymentType: 'CARD', sameAsDelivery: false, billing })).toEqual(billing);
    expect(billingOf({ ...valid, billing })).toBeNull();
  });
});

describe("'Ready By' for a collection", () => {
  it('every 15 minutes from a quarter of an hour after now until closing', () => {
    expect(readyBySlots('11:00 - 23:00', 22 * 60 + 10)).toEqual(['22:30', '22:45', '23:00']);
    expect(readyBySlots('11:00 - 23:00', 9 * 60).slice(0, 2)).toEqual(['11:00', '11:15']);
    expect(readyBySlots('11:00 - 23:00', 23 * 60)).toEqual([]);
    // Open past midnight.
    expect(readyBySlots('11:00 - 00:30', 23 * 60 + 50)).toEqual(['00:15', '00:30']);
    expect(readyBySlots('Closed', 600)).toEqual([]);
    expect(readyBySlots('Open', 23 * 60 + 20)).toEqual(['23:45']);
  });

  it('reads the clock in Europe/London', () => {
    expect(londonMinutes(new Date('2026-07-01T12:00:00Z'))).toBe(13 * 60);
    expect(londonMinutes(new Date('2026-12-01T12:00:00Z'))).toBe(12 * 60);
  });
});
