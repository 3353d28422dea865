import type { CreditTotals } from '@tillpoint/contracts/credit';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { conflict } from '../../platform/errors';

/** The branch's credit totals (spec 1 §3): over ACTIVE credits, the sum of values, and that minus what was used. */
export function creditTotals(credits: { status: string; creditValue: number; creditUsed: number }[]): CreditTotals {
  const active = credits.filter((c) => c.status === 'ACTIVE');
  const totalCredit = active.reduce((sum, c) => sum + c.creditValue, 0);
  const used = active.reduce((sum, c) => sum + c.creditUsed, 0);
  return { totalCredit, remainingCredit: totalCredit - used };
}

/** A saved credit's value cannot change (spec 1 §4): leaving it out or sending it unchanged is fine. */
export function checkCreditValueUnchanged(stored: number, sent: number | undefined) {
  if (sent !== undefined && sent !== stored) throw conflict(MESSAGES.creditValueLocked);
}

/** A credit that has paid for look-ups is history: it can be made PASSIVE, not deleted. */
export function checkCreditDeletable(credit: { creditUsed: number }) {
  if (credit.creditUsed > 0) throw conflict(MESSAGES.creditInUse);
}
