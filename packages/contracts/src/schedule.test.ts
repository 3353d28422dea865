import { describe, expect, it } from 'vitest';
import { type OpeningHours, branchScheduleInputSchema, deliveryTimeSlots, everyDay, flatSchedule, isStoreClosedAt, localTime, openingHoursOf, storeStateAt } from './schedule';

// 2026-11-23 is a Monday; London is on GMT then. 2026-07-01 is a Wednesday on BST (UTC+1).
const at = (iso: string) => new Date(iso);
const lunchAndDinner = (): OpeningHours => ({
  ...everyDay('11:00', '23:00'),
  sunday: { openHour: null, closeHour: null, deliveryOpenHour: null, deliveryCloseHour: null },
});

describe('schedule: local time in Europe/London', () => {
  it('reads the weekday, date and minutes in GMT and in BST', () => {
    expect(localTime(at('2026-11-23T10:30:00Z'))).toEqual({ weekday: 'monday', date: '2026-11-23', minutes: 630 });
    expect(localTime(at('2026-07-01T23:30:00Z'))).toEqual({ weekday: 'thursday', date: '2026-07-02', minutes: 30 });
  });
});

describe('schedule: open and closed', () => {
  it('is open within the day hours and closed outside them', () => {
    const h = lunchAndDinner();
    expect(storeStateAt('ACTIVE', h, at('2026-11-23T11:00:00Z')).open).toBe(true);
    expect(storeStateAt('ACTIVE', h, at('2026-11-23T22:59:00Z')).open).toBe(true);
    expect(storeStateAt('ACTIVE', h, at('2026-11-23T23:00:00Z')).open).toBe(false);
    expect(storeStateAt('ACTIVE', h, at('2026-11-23T10:59:00Z'))).toMatchObject({ open: false, message: 'Closed now. Opens at 11:00.' });
    expect(storeStateAt('ACTIVE', h, at('2026-11-23T12:00:00Z'))).toMatchObject({ open: true, message: 'Open now. Closes at 23:00.', todayHours: '11:00 - 23:00' });
  });

  it('follows the branch time zone: 10:30 UTC in July is 11:30 in London, open', () => {
    expect(storeStateAt('ACTIVE', lunchAndDinner(), at('2026-07-01T10:30:00Z')).open).toBe(true);
    expect(storeStateAt('ACTIVE', lunchAndDinner(), at('2026-07-01T09:30:00Z')).open).toBe(false);
  });

  it('a day without hours is closed all day', () => {
    const state = storeStateAt('ACTIVE', lunchAndDinner(), at('2026-11-22T13:00:00Z'));
    expect(state).toMatchObject({ open: false, deliveryOpen: false, todayHours: 'Closed' });
    expect(isStoreClosedAt('ACTIVE', lunchAndDinner(), at('2026-11-22T13:00:00Z'))).toBe(true);
  });

  it('a PASSIVE store is closed whatever its hours; an ACTIVE store without a schedule is open', () => {
    expect(storeStateAt('PASSIVE', lunchAndDinner(), at('2026-11-23T12:00:00Z')).open).toBe(false);
    expect(storeStateAt('PASSIVE', null, at('2026-11-23T12:00:00Z')).open).toBe(false);
    expect(storeStateAt('ACTIVE', null, at('2026-11-23T03:00:00Z'))).toMatchObject({ open: true, deliveryOpen: true });
  });

  it('equal open and close hours mean open all day', () => {
    expect(storeStateAt('ACTIVE', everyDay('00:00', '00:00'), at('2026-11-23T03:00:00Z')).open).toBe(true);
  });
});

describe('schedule: overnight hours', () => {
  const late: OpeningHours = {
    ...everyDay('18:00', '02:00'),
    monday: { openHour: null, closeHour: null, deliveryOpenHour: null, deliveryCloseHour: null },
  };
  it('a close hour before the open hour runs past midnight', () => {
    expect(storeStateAt('ACTIVE', late, at('2026-11-24T19:00:00Z')).open).toBe(true); // Tuesday evening
    expect(storeStateAt('ACTIVE', late, at('2026-11-25T01:30:00Z'))).toMatchObject({ open: true, message: 'Open now. Closes at 02:00.' }); // Wednesday 01:30, Tuesday's hours
    expect(storeStateAt('ACTIVE', late, at('2026-11-25T02:00:00Z')).open).toBe(false);
    expect(storeStateAt('ACTIVE', late, at('2026-11-25T12:00:00Z')).open).toBe(false);
  });
  it("the night after a closed day is closed: Monday has no hours, so Tuesday 01:00 is closed; Monday 01:00 runs on Sunday's hours", () => {
    expect(storeStateAt('ACTIVE', late, at('2026-11-24T01:00:00Z')).open).toBe(false);
    expect(storeStateAt('ACTIVE', late, at('2026-11-23T01:00:00Z')).open).toBe(true);
  });
});

describe('schedule: delivery hours', () => {
  const h = everyDay('11:00', '23:00', { openHour: '17:00', closeHour: '22:00' });
  it('delivery follows its own hours while the store is open for collection', () => {
    expect(storeStateAt('ACTIVE', h, at('2026-11-23T12:00:00Z'))).toMatchObject({ open: true, deliveryOpen: false });
    expect(storeStateAt('ACTIVE', h, at('2026-11-23T18:00:00Z'))).toMatchObject({ open: true, deliveryOpen: true });
    expect(storeStateAt('ACTIVE', h, at('2026-11-23T22:30:00Z'))).toMatchObject({ open: true, deliveryOpen: false });
  });
  it('a day without delivery hours delivers during the store hours; a PASSIVE store never delivers', () => {
    const plain = everyDay('11:00', '23:00');
    expect(storeStateAt('ACTIVE', plain, at('2026-11-23T12:00:00Z')).deliveryOpen).toBe(true);
    expect(storeStateAt('ACTIVE', plain, at('2026-11-23T23:30:00Z')).deliveryOpen).toBe(false);
    expect(storeStateAt('PASSIVE', h, at('2026-11-23T18:00:00Z')).deliveryOpen).toBe(false);
  });
  it('overnight delivery hours run past midnight too', () => {
    const night = everyDay('18:00', '03:00', { openHour: '19:00', closeHour: '01:00' });
    expect(storeStateAt('ACTIVE', night, at('2026-11-24T00:30:00Z'))).toMatchObject({ open: true, deliveryOpen: true });
    expect(storeStateAt('ACTIVE', night, at('2026-11-24T01:30:00Z'))).toMatchObject({ open: true, deliveryOpen: false });
  });
});

describe('schedule: the Branch Schedules body', () => {
  it('accepts HH:mm and blanks, and round-trips through the flat fields', () => {
    const flat = flatSchedule(lunchAndDinner());
    const parsed = branchScheduleInputSchema.parse({ ...flat, sundayOpenHour: '' });
    expect(openingHoursOf(parsed)).toEqual(lunchAndDinner());
  });
  it('refuses a bad hour and an open hour without its close hour', () => {
    const bad = branchScheduleInputSchema.safeParse({ mondayOpenHour: '25:00', mondayCloseHour: '23:00' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['mondayOpenHour'], message: 'Please enter the hour as HH:mm (00:00 to 23:59).' });
    const half = branchScheduleInputSchema.safeParse({ tuesdayDeliveryOpenHour: '17:00' });
    expect(half.error?.issues[0]).toMatchObject({ path: ['tuesdayDeliveryCloseHour'], message: 'Please fill both the open and the close hour of the day, or neither.' });
  });
});

describe('schedule: delivery times for a scheduled delivery', () => {
  const h = everyDay('11:00', '23:00', { openHour: '17:00', closeHour: '22:00' });
  const names = (slots: { name: string }[]) => slots.map((s) => s.name);
  it('every 15 minutes from now plus the minimum duration to the delivery close', () => {
    expect(names(deliveryTimeSlots('ACTIVE', h, at('2026-11-23T20:50:00Z'), 30))).toEqual(['21:30', '21:45', '22:00']);
  });
  it('before the delivery hours the first slot is their opening', () => {
    expect(names(deliveryTimeSlots('ACTIVE', h, at('2026-11-23T12:00:00Z'), 30)).slice(0, 2)).toEqual(['17:00', '17:15']);
  });
  it('none after the close, on a closed day or for a PASSIVE store', () => {
    expect(deliveryTimeSlots('ACTIVE', h, at('2026-11-23T22:30:00Z'), 30)).toEqual([]);
    expect(deliveryTimeSlots('PASSIVE', h, at('2026-11-23T12:00:00Z'), 30)).toEqual([]);
    expect(deliveryTimeSlots('ACTIVE', { ...h, monday: { openHour: null, closeHour: null, deliveryOpenHour: null, deliveryCloseHour: null } }, at('2026-11-23T12:00:00Z'), 0)).toEqual([]);
  });
  it('overnight hours run past midnight', () => {
    const late = everyDay('18:00', '01:00');
    expect(names(deliveryTimeSlots('ACTIVE', late, at('2026-11-23T23:40:00Z'), 20))).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
  });
});
