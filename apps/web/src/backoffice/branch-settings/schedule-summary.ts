/** A window in words: overnight hours run into the next day, equal hours mean all day (as schedule.ts decides). */
function windowText(open: string | null | undefined, close: string | null | undefined): string | null {
  if (!open || !close || open.includes('_') || close.includes('_')) return null;
  if (open === close) return 'all day';
  return close < open ? `${open} – ${close} (next day)` : `${open} – ${close}`;
}

/**
 * One weekday of the Branch Schedules grid in words, from its open, close, delivery open and
 * delivery close hours as typed: 'Closed' without opening hours; blank delivery hours deliver during
 * the opening hours. Half-typed hours read as not given.
 */
export function daySummary([open, close, deliveryOpen, deliveryClose]: (string | null | undefined)[]): string {
  const store = windowText(open, close);
  if (!store) return 'Closed';
  const delivery = windowText(deliveryOpen, deliveryClose);
  return `Open ${store}; delivery ${delivery ?? 'during opening hours'}`;
}
