import { describe, expect, it } from 'vitest';
import { creditValueSchema } from './credit';

const message = (v: unknown) => creditValueSchema.safeParse(v).error?.issues[0].message;

describe('credit value', () => {
  it('is at least 100, a multiple of 100 and at most 1,000,000', () => {
    for (const ok of [100, 200, 1_000_000]) expect(creditValueSchema.safeParse(ok).success, String(ok)).toBe(true);
    expect(message(0)).toBe('Credit Must be Minimum 100');
    expect(message(99)).toBe('Credit Must be Minimum 100');
    expect(message(250)).toBe('Credit Must be a multiple of 100');
    expect(message(1_000_100)).toBe('Credit Must be at most 1,000,000');
    expect(message(undefined)).toBe('Please fill the required fields!');
  });
});
