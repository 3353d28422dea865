/** The licence rules of spec 1 §4–5, pure functions (the repo and the service both apply them). */
import type { LicenceFields, LicenseStatus } from '@tillpoint/contracts/licence';
import { LICENCE_EXPIRED_TEXT } from '@tillpoint/contracts/licence';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { badRequest } from '../../platform/errors';

const DAY_MS = 86_400_000;

/**
 * The licence as it is saved: only a DEMO licence keeps validDays (required for it); any other
 * status clears them (spec 1 §4), whatever the client sent.
 */
export function licenceValues(input: LicenceFields): LicenceFields & { validDays: number | null } {
  if (input.licenseStatus !== 'DEMO') return { ...input, validDays: null };
  if (input.validDays === null || input.validDays === undefined) {
    throw badRequest(MESSAGES.validDaysRequired, [{ field: 'validDays', message: MESSAGES.validDaysRequired }]);
  }
  return { ...input, validDays: input.validDays };
}

/** When a DEMO licence stops granting its service: validDays after it was created. */
export const demoEndsAt = (createdDate: Date, validDays: number) => new Date(createdDate.getTime() + validDays * DAY_MS);

/** Whether a DEMO licence's days have run out (the expiry job and the grant check agree on this). */
export const isLapsed = (l: { licenseStatus: string; createdDate: Date; validDays: number | null }, now: Date) =>
  l.licenseStatus === 'DEMO' && demoEndsAt(l.createdDate, l.validDays ?? 0) <= now;

/**
 * What the licence tables show: for DEMO the days left, counted up ('1 day' even with an hour to
 * go), then 'Expired'; nothing for ACTIVE or PASSIVE, which have no end.
 */
export function remainingDaysText(l: { licenseStatus: LicenseStatus | string; createdDate: Date; validDays: number | null }, now: Date = new Date()) {
  if (l.licenseStatus !== 'DEMO') return '';
  if (isLapsed(l, now)) return LICENCE_EXPIRED_TEXT;
  const days = Math.ceil((demoEndsAt(l.createdDate, l.validDays ?? 0).getTime() - now.getTime()) / DAY_MS);
  return days === 1 ? '1 day' : `${days} days`;
}

