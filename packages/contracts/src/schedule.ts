import { z } from 'zod';

/**
 * Branch schedules (spec 2 §3 "Opening hours"): for each weekday the store's open and close hours
 * and its delivery open and close hours, as 'HH:mm' in the branch's own time zone (Europe/London).
 * One pure function decides whether the store is open at a moment; the server's isstoreclosed, the
 * member view of branch settings and the storefront all use it.
 */
export const BRANCH_TIME_ZONE = 'Europe/London';
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const SCHEDULE_MESSAGES = {
  /** Ours: the spec names the fields only. */
  hourFormat: 'Please enter the hour as HH:mm (00:00 to 23:59).',
  bothHours: 'Please fill both the open and the close hour of the day, or neither.',
} as const;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 'HH:mm'; blank is null (no hours that day). */
export const hourSchema = z
  .string({ error: SCHEDULE_MESSAGES.hourFormat })
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || HOUR.test(v), { error: SCHEDULE_MESSAGES.hourFormat });

export type DayHours = { openHour: string | null; closeHour: string | null; deliveryOpenHour: string | null; deliveryCloseHour: string | null };
/** Every weekday's hours; null when the branch has never saved a schedule (then an ACTIVE store is always open). */
export type OpeningHours = Record<Weekday, DayHours>;

/** The flat field names of the spec: mondayOpenHour, mondayCloseHour, mondayDeliveryOpenHour, … */
const PARTS = ['OpenHour', 'CloseHour', 'DeliveryOpenHour', 'DeliveryCloseHour'] as const;
export type ScheduleField = `${Weekday}${(typeof PARTS)[number]}`;
export const scheduleField = (day: Weekday, part: (typeof PARTS)[number]): ScheduleField => `${day}${part}`;
export const SCHEDULE_FIELDS: ScheduleField[] = WEEKDAYS.flatMap((d) => PARTS.map((p) => scheduleField(d, p)));

const pairComplete = (a: string | null, b: string | null) => (a === null) === (b === null);

/** The Branch Schedules tab's body: 28 optional 'HH:mm' fields; an open hour needs its close hour and back. */
export const branchScheduleInputSchema = z
  .object(Object.fromEntries(SCHEDULE_FIELDS.map((f) => [f, hourSchema])) as Record<ScheduleField, typeof hourSchema>)
  .superRefine((v, ctx) => {
    for (const d of WEEKDAYS) {
      for (const [open, close] of [
        [scheduleField(d, 'OpenHour'), scheduleField(d, 'CloseHour')],
        [scheduleField(d, 'DeliveryOpenHour'), scheduleField(d, 'DeliveryCloseHour')],
      ]) {
        if (!pairComplete(v[open] ?? null, v[close] ?? null)) {
          ctx.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.bothHours, path: [(v[open] ?? null) === null ? open : close] });
        }
      }
    }
  });
export type BranchScheduleInput = z.output<typeof branchScheduleInputSchema>;
export const branchScheduleSchema = z.object(Object.fromEntries(SCHEDULE_FIELDS.map((f) => [f, z.string().nullable()])) as Record<ScheduleField, z.ZodNullable<z.ZodString>>);
export type BranchSchedule = Record<ScheduleField, string | null>;

/** Flat fields (the API's shape) to the per-day shape the rules use. */
export function openingHoursOf(flat: Partial<Record<ScheduleField, string | null>>): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [
      d,
      {
        openHour: flat[scheduleField(d, 'OpenHour')] ?? null,
        closeHour: flat[scheduleField(d, 'CloseHour')] ?? null,
        deliveryOpenHour: flat[scheduleField(d, 'DeliveryOpenHour')] ?? null,
        deliveryCloseHour: flat[scheduleField(d, 'DeliveryCloseHour')] ?? null,
      },
    ]),
  ) as OpeningHours;
}

export function flatSchedule(hours: OpeningHours | null): BranchSchedule {
  return Object.fromEntries(
    WEEKDAYS.flatMap((d) => [
      [scheduleField(d, 'OpenHour'), hours?.[d].openHour ?? null],
      [scheduleField(d, 'CloseHour'), hours?.[d].closeHour ?? null],
      [scheduleField(d, 'DeliveryOpenHour'), hours?.[d].deliveryOpenHour ?? null],
      [scheduleField(d, 'DeliveryCloseHour'), hours?.[d].deliveryCloseHour ?? null],
    ]),
  ) as BranchSchedule;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one (pricing asks per offer). */
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, f);
  }
  return f;
}

/** The weekday, the date ('YYYY-MM-DD') and the minutes since midnight of a moment in a time zone. */
export function localTime(now: Date, timeZone: string = BRANCH_TIME_ZONE): { weekday: Weekday; date: string; minutes: number } {
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: parts.weekday.toLowerCase() as Weekday,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const previousDay = (d: Weekday): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(d) + 6) % 7];

/**
 * Whether a time falls in a day's window. Equal open and close hours mean open all day; a close
 * hour before the open hour runs past midnight into the next day (overnight hours), so the
 * previous day's window is checked too.
 */
function inWindow(open: string | null, close: string | null, prevOpen: string | null, prevClose: string | null, minutes: number): boolean {
  if (open !== null && close !== null) {
    const o = minutesOf(open);
    const c = minutesOf(close);
    if (o === c) return true;
    if (o < c ? minutes >= o && minutes < c : minutes >= o) return true;
  }
  if (prevOpen !== null && prevClose !== null) {
    const o = minutesOf(prevOpen);
    const c = minutesOf(prevClose);
    if (c < o && minutes < c) return true;
  }
  return false;
}

export type StoreState = {
  /** The store takes orders now (ACTIVE and within today's hours, or ACTIVE without a schedule). */
  open: boolean;
  /** Delivery is possible now: within the delivery hours, or the store hours when the day has none. */
  deliveryOpen: boolean;
  /** The storefront's open or closed message (spec 3 §3 storeOpenOrCloseMessageText / openHourMessage). */
  message: string;
  /** Today's store hours as shown ('11:00 - 23:00'), or 'Closed'. */
  todayHours: string;
};

/**
 * The store's state at a moment (spec 2 §3 "Opening hours", issue 9): a PASSIVE store is closed;
 * an ACTIVE store without a saved schedule is open; otherwise the weekday's hours in Europe/London
 * decide, including hours that run past midnight and the separate delivery hours.
 */
export function storeStateAt(status: string, hours: OpeningHours | null, now: Date, timeZone: string = BRANCH_TIME_ZONE): StoreState {
  const { weekday, minutes } = localTime(now, timeZone);
  const today = hours?.[weekday];
  const todayHours = today?.openHour && today.closeHour ? `${today.openHour} - ${today.closeHour}` : hours ? 'Closed' : 'Open';
  if (status !== 'ACTIVE') return { open: false, deliveryOpen: false, message: 'The store is closed now.', todayHours };
  if (!hours || !today) return { open: true, deliveryOpen: true, message: 'The store is open now.', todayHours };
  const prev = hours[previousDay(weekday)];
  const open = inWindow(today.openHour, today.closeHour, prev.openHour, prev.closeHour, minutes);
  const hasDeliveryHours = today.deliveryOpenHour !== null || prev.deliveryOpenHour !== null;
  const deliveryOpen = hasDeliveryHours
    ? inWindow(today.deliveryOpenHour, today.deliveryCloseHour, prev.deliveryOpenHour, prev.deliveryCloseHour, minutes)
    : open;
  let message: string;
  if (open) message = today.closeHour && today.openHour !== today.closeHour ? `Open now. Closes at ${closingHour(today, prev, minutes)}.` : 'Open now.';
  else if (today.openHour && minutesOf(today.openHour) > minutes) message = `Closed now. Opens at ${today.openHour}.`;
  else message = 'The store is closed now.';
  return { open, deliveryOpen, message, todayHours };
}

/** The close hour of the window the store is open in now: yesterday's when it is past midnight of an overnight day. */
function closingHour(today: DayHours, prev: DayHours, minutes: number): string {
  if (prev.openHour && prev.closeHour && minutesOf(prev.closeHour) < minutesOf(prev.openHour) && minutes < minutesOf(prev.closeHour)) return prev.closeHour;
  return today.closeHour ?? '';
}

/** Whether the store is closed at a moment: what GET isstoreclosed answers. */
export const isStoreClosedAt = (status: string, hours: OpeningHours | null, now: Date) => !storeStateAt(status, hours, now).open;

/** Every weekday open between two hours (the demo store, and a quick start for a new one). */
export function everyDay(openHour: string, closeHour: string, delivery?: { openHour: string; closeHour: string }): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, { openHour, closeHour, deliveryOpenHour: delivery?.openHour ?? null, deliveryCloseHour: delivery?.closeHour ?? null }]),
  ) as OpeningHours;
}

const hhmm = (minutes: number) => {
  const m = ((minutes % MINUTES_A_DAY) + MINUTES_A_DAY) % MINUTES_A_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const MINUTES_A_DAY = 1440;

/**
 * The 'Deliver By' choices of a scheduled delivery (spec 3 §3 orderTimeForDelivery): every `step`
 * minutes from the earliest time an order placed now can arrive (now + the minimum delivery
 * duration, rounded up) to the end of the delivery window open or still to come today (the store's
 * hours when the day has no delivery hours), in the branch's time zone. Empty when none is left.
 */
export function deliveryTimeSlots(status: string, hours: OpeningHours | null, now: Date, minimumDuration: number | null, step = 15, timeZone: string = BRANCH_TIME_ZONE) {
  if (status !== 'ACTIVE') return [];
  const { weekday, minutes } = localTime(now, timeZone);
  const earliest = Math.ceil((minutes + (minimumDuration ?? 0)) / step) * step;
  const windows: [number, number][] = [];
  if (!hours) windows.push([0, MINUTES_A_DAY]);
  else {
    const today = hours[weekday];
    const prev = hours[previousDay(weekday)];
    const pick = (d: DayHours) => (d.deliveryOpenHour !== null ? [d.deliveryOpenHour, d.deliveryCloseHour] : [d.openHour, d.closeHour]);
    const [po, pc] = pick(prev);
    if (po && pc && minutesOf(pc) < minutesOf(po)) windows.push([0, minutesOf(pc)]);
    const [o, c] = pick(today);
    if (o && c) {
      const open = minutesOf(o);
      const close = minutesOf(c);
      windows.push([open, close > open ? close : close + MINUTES_A_DAY]);
    }
  }
  const slots: { id: string; name: string }[] = [];
  for (const [open, close] of windows) {
    for (let t = Math.max(earliest, Math.ceil(open / step) * step); t <= close; t += step) slots.push({ id: hhmm(t), name: hhmm(t) });
  }
  return slots;
}
