import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors';
import { checkCreditDeletable, checkCreditValueUnchanged, creditTotals } from './credits.rules';

const thrown = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('credit rules', () => {
  it('totals count ACTIVE credits only: total value, and total minus used', () => {
    expect(
      creditTotals([
        { status: 'ACTIVE', creditValue: 1000, creditUsed: 250 },
        { status: 'ACTIVE', creditValue: 500, creditUsed: 0 },
        { status: 'PASSIVE', creditValue: 10_000, creditUsed: 9_000 },
      ]),
    ).toEqual({ totalCredit: 1500, remainingCredit: 1250 });
    expect(creditTotals([])).toEqual({ totalCredit: 0, remainingCredit: 0 });
    expect(creditTotals([{ status: 'PASSIVE', creditValue: 100, creditUsed: 0 }])).toEqual({ totalCredit: 0, remainingCredit: 0 });
  });

  it('a saved value may be left out or sent unchanged; a different value is refused with 409', () => {
    expect(() => checkCreditValueUnchanged(500, undefined)).not.toThrow();
    expect(() => checkCreditValueUnchanged(500, 500)).not.toThrow();
    const err = thrown(() => checkCreditValueUnchanged(500, 600));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, details: 'The credit value cannot be changed once the credit is saved.' });
  });

  it('a credit that paid for look-ups cannot be deleted', () => {
    expect(() => checkCreditDeletable({ creditUsed: 0 })).not.toThrow();
    expect(thrown(() => checkCreditDeletable({ creditUsed: 1 }))).toMatchObject({
      status: 409,
      details: 'This credit has been used and cannot be deleted. Make it PASSIVE instead.',
    });
  });
});
