import { describe, expect, it } from 'vitest';
import { daysText, hoursText, offerSummary, showDate } from './offer-summary';

const everyDay = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

describe('offer summary', () => {
  it('a product-level fixed price over the week and its hours', () => {
    expect(offerSummary({ level: 'PRODUCT', operation: 'FIXED_PRICE', quantity: 3, amount: 7, ...everyDay, startHour: 11, startMinute: 0, duration: 720 })).toBe(
      'Any 3 for £7.00, Mon-Sun 11:00-23:00',
    );
  });

  it('discounts, basket levels, all products and the storefront flag', () => {
    expect(offerSummary({ level: 'PRODUCT', operation: 'DISCOUNT_AMOUNT', quantity: 2, amount: 1.5, ...everyDay })).toBe('£1.50 off every 2, Mon-Sun all day');
    expect(offerSummary({ level: 'BASKET', operation: 'DISCOUNT_AMOUNT', quantity: 20, amount: 2, ...everyDay })).toBe('£2.00 off a £20.00 basket, Mon-Sun all day');
    expect(offerSummary({ level: 'BASKET', operation: 'FIXED_PRICE', quantity: 20, amount: 15, ...everyDay, webEnabled: false })).toBe(
      '£20.00 of shopping for £15.00, Mon-Sun all day, tills only',
    );
    expect(offerSummary({ mixAndMatchType: 'ALL_PRODUCTS', level: 'PRODUCT', operation: 'FIXED_PRICE', quantity: 4, amount: 10, ...everyDay })).toBe(
      'Any 4 products for £10.00, Mon-Sun all day',
    );
  });

  it('says what is still missing while the form is being filled', () => {
    expect(offerSummary({ level: 'PRODUCT', operation: 'FIXED_PRICE', quantity: null, amount: null })).toBe('Any … for £…, Mon-Sun all day');
  });

  it('days: ranges of three or more, the weekend, single days, none', () => {
    expect(daysText({ ...everyDay, saturday: false, sunday: false })).toBe('Mon-Fri');
    expect(daysText({ ...everyDay, monday: false, tuesday: false, wednesday: false, thursday: false, friday: false })).toBe('Sat-Sun');
    expect(daysText({ ...everyDay, tuesday: false, thursday: false, saturday: false, sunday: false })).toBe('Mon, Wed, Fri');
    expect(daysText({ ...everyDay, monday: false, wednesday: false })).toBe('Tue, Thu-Sun');
    expect(daysText({ monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false })).toBe('no days');
  });

  it('hours: to midnight without a duration, past midnight with one, minutes kept', () => {
    expect(hoursText({ startHour: 17 })).toBe('17:00-00:00');
    expect(hoursText({ startHour: 22, startMinute: 30, duration: 120 })).toBe('22:30-00:30');
    expect(hoursText({ startHour: null, duration: 60 })).toBe('all day');
  });

  it('dates show as DD/MM/YYYY, open-ended either way', () => {
    expect(showDate('2026-12-01')).toBe('01/12/2026');
    expect(offerSummary({ quantity: 3, amount: 7, ...everyDay, startDate: '2026-12-01', endDate: '2026-12-24' })).toBe('Any 3 for £7.00, Mon-Sun all day, from 01/12/2026 to 24/12/2026');
    expect(offerSummary({ quantity: 3, amount: 7, ...everyDay, endDate: '2026-12-24' })).toBe('Any 3 for £7.00, Mon-Sun all day, until 24/12/2026');
  });
});
