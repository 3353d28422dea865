import { describe, expect, it } from 'vitest';
import type { LicenceFields } from '@tillpoint/contracts/licence';
import { HttpError } from '../../platform/errors';
import { isLapsed, licenceValues, remainingDaysText } from './licences.rules';

const DAY = 86_400_000;
const base: LicenceFields = { serviceName: 'WEB_ORDER', licenseStatus: 'DEMO', actionReason: 'SERVICE_REGISTERED', validDays: 14 };

describe('licence rules: validDays', () => {
  it('keeps validDays for DEMO', () => {
    expect(licenceValues(base).validDays).toBe(14);
    expect(licenceValues({ ...base, validDays: 0 }).validDays).toBe(0);
  });

  it('clears validDays for any status other than DEMO, whatever was sent', () => {
    for (const licenseStatus of ['ACTIVE', 'PASSIVE'] as const) {
      expect(licenceValues({ ...base, licenseStatus, validDays: 30 })).toEqual({ ...base, licenseStatus, validDays: null });
    }
  });

  it('refuses a DEMO licence without validDays with the spec message', () => {
    for (const validDays of [undefined, null]) {
      const err = (() => {
        try {
          licenceValues({ ...base, validDays });
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ status: 400, details: 'Please fill the Valid Days Field!' });
    }
  });
});

describe('licence rules: remaining days and expiry', () => {
  const created = new Date('2026-03-01T10:00:00Z');
  const at = (ms: number) => new Date(created.getTime() + ms);
  const demo = (validDays: number | null) => ({ licenseStatus: 'DEMO', createdDate: created, validDays });

  it('counts the days left of a DEMO licence, rounding up', () => {
    expect(remainingDaysText(demo(14), created)).toBe('14 days');
    expect(remainingDaysText(demo(14), at(2 * DAY))).toBe('12 days');
    expect(remainingDaysText(demo(14), at(2.5 * DAY))).toBe('12 days');
    expect(remainingDaysText(demo(14), at(13 * DAY))).toBe('1 day');
    expect(remainingDaysText(demo(14), at(14 * DAY - 60_000))).toBe('1 day');
  });

  it("says 'Expired' once the days have run out, and at once for 0 days", () => {
    expect(remainingDaysText(demo(14), at(14 * DAY))).toBe('Expired');
    expect(remainingDaysText(demo(14), at(40 * DAY))).toBe('Expired');
    expect(remainingDaysText(demo(0), created)).toBe('Expired');
  });

  it('shows nothing for ACTIVE and PASSIVE licences, which do not run out', () => {
    expect(remainingDaysText({ licenseStatus: 'ACTIVE', createdDate: created, validDays: null }, at(400 * DAY))).toBe('');
    expect(remainingDaysText({ licenseStatus: 'PASSIVE', createdDate: created, validDays: 5 }, created)).toBe('');
  });

  it('a DEMO licence lapses exactly when its days end; other statuses never do', () => {
    expect(isLapsed(demo(3), at(3 * DAY - 1))).toBe(false);
    expect(isLapsed(demo(3), at(3 * DAY))).toBe(true);
    expect(isLapsed({ licenseStatus: 'ACTIVE', createdDate: created, validDays: null }, at(999 * DAY))).toBe(false);
  });
});
