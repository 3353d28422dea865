import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatPercent } from './format';
import { parseHash } from './hash-route';

describe('formatting', () => {
  it('money is £ with thousands separators and 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(-3)).toBe('-£3.00');
    expect(formatMoney(null)).toBe('');
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
