import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatPercent, twoDecimals } from './format';
import { parseHash } from './hash-route';

describe('formatting', () => {
  it('money is £ with thousands separators and 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(-3)).toBe('-£3.00');
    expect(formatMoney(null)).toBe('');
  });

  it('2 decimals are what Intl.NumberFormat en-GB gives', () => {
    const intl = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [0, -0, 0.005, 0.015, 1.005, 1.045, 2.675, 8.345, 10.235, 0.1 + 0.2, 999.995, 1000, 1234567.891, 1e-7, -1e-7, -0.004, -2.5, 1e15, 1e21, Number.POSITIVE_INFINITY];
    // Every amount with up to 3 decimals below 100, and their negatives: the halves are where a shortcut goes wrong.
    for (let i = 0; i < 100_000; i++) values.push(i / 1000, -i / 1000);
    // Sums of two prices, as a basket makes them (their binary error shows in the third decimal).
    for (let i = 0; i < 3000; i++) values.push(i * 0.07 + 0.1, i * 1.15 * 0.2);
    const wrong = values.filter((v) => twoDecimals(v) !== intl.format(v)).map((v) => `${v}: ${twoDecimals(v)} ≠ ${intl.format(v)}`);
    expect(wrong).toEqual([]);
  });

  it('percent has 2 decimals', () => {
    expect(formatPercent(20)).toBe('20.00%');
    expect(formatPercent(12.5)).toBe('12.50%');
  });

  it('dates are DD/MM/YYYY, list times HH:mm', () => {
    const d = new Date(2026, 0, 5, 9, 7);
    expect(formatDate(d)).toBe('05/01/2026');
    expect(formatDateTime(d)).toBe('05/01/2026 09:07');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('hash routes', () => {
  it('reads the spec route forms', () => {
    expect(parseHash('')).toEqual({ name: '', params: [] });
    expect(parseHash('#/')).toEqual({ name: '', params: [] });
    expect(parseHash('#/taxSave')).toEqual({ name: 'taxSave', params: [] });
    expect(parseHash('#merchantUserSave?5')).toEqual({ name: 'merchantUserSave', params: ['5'] });
    expect(parseHash('#merchantBranchSave??7')).toEqual({ name: 'merchantBranchSave', params: ['', '7'] });
  });
});
