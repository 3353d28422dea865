import { MIX_AND_MATCH_WEEKDAYS, type MixAndMatch } from '@tillpoint/contracts/mix-and-match';
import { formatMoney } from '../../shared/format';

/** What the summary reads: an offer as saved, or the editor's values while they are typed (any may be empty). */
type Terms = Pick<
  MixAndMatch,
  'mixAndMatchType' | 'level' | 'operation' | 'quantity' | 'amount' | 'startDate' | 'endDate' | 'startHour' | 'startMinute' | 'duration' | 'webEnabled' | (typeof MIX_AND_MATCH_WEEKDAYS)[number]
>;
export type OfferTerms = { [K in keyof Terms]?: Terms[K] | null };

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MINUTES_A_DAY = 1440;
const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => {
  const m = ((minutes % MINUTES_A_DAY) + MINUTES_A_DAY) % MINUTES_A_DAY;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};
const given = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** 'YYYY-MM-DD' as the back office shows dates (DD/MM/YYYY), without a trip through Date and its time zone. */
export const showDate = (ymd: string | null | undefined) => (ymd && /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? ymd.split('-').reverse().join('/') : '');

/** The ticked days: 'Mon-Sun', 'Mon-Fri', 'Sat-Sun', or a list ('Mon, Wed, Fri'); runs of three or more are ranges. */
export function daysText(offer: OfferTerms): string {
  const on = MIX_AND_MATCH_WEEKDAYS.map((d) => offer[d] !== false);
  if (!on.some(Boolean)) return 'no days';
  const parts: string[] = [];
  for (let i = 0; i < 7; i++) {
    if (!on[i]) continue;
    let j = i;
    while (j + 1 < 7 && on[j + 1]) j++;
    if (j - i >= 2 || (i === 5 && j === 6)) parts.push(`${DAY_NAMES[i]}-${DAY_NAMES[j]}`);
    else for (let k = i; k <= j; k++) parts.push(DAY_NAMES[k]);
    i = j;
  }
  return parts.join(', ');
}

/** The daily window as the pricing reads it: from the start for `duration` minutes, to midnight without one; no hour is all day. */
export function hoursText(offer: OfferTerms): string {
  if (!given(offer.startHour)) return 'all day';
  const start = offer.startHour * 60 + (given(offer.startMinute) ? offer.startMinute : 0);
  const end = start + (given(offer.duration) && offer.duration > 0 ? offer.duration : MINUTES_A_DAY - start);
  return `${clock(start)}-${clock(end)}`;
}

/** The deal itself: 'Any 3 for £7.00', '£1.00 off every 3', '£2.00 off a £20.00 basket', '£20.00 of shopping for £15.00'. */
export function dealText(offer: OfferTerms): string {
  const q = given(offer.quantity) ? offer.quantity : null;
  const a = given(offer.amount) ? formatMoney(offer.amount) : '£…';
  const fixed = (offer.operation ?? 'FIXED_PRICE') === 'FIXED_PRICE';
  if (offer.level === 'BASKET') {
    const threshold = q === null ? '£…' : formatMoney(q);
    return fixed ? `${threshold} of shopping for ${a}` : `${a} off a ${threshold} basket`;
  }
  const count = q === null ? '…' : String(q);
  const what = offer.mixAndMatchType === 'ALL_PRODUCTS' ? ' products' : '';
  return fixed ? `Any ${count}${what} for ${a}` : `${a} off every ${count}${what}`;
}

/**
 * One line of plain English for an offer, e.g. 'Any 3 for £7.00, Mon-Sun 11:00-23:00': the deal,
 * its days and hours, its dates when it has any, and 'tills only' when the storefront does not take it.
 */
export function offerSummary(offer: OfferTerms): string {
  const parts = [`${dealText(offer)}, ${daysText(offer)} ${hoursText(offer)}`];
  const from = showDate(offer.startDate);
  const to = showDate(offer.endDate);
  if (from && to) parts.push(`from ${from} to ${to}`);
  else if (from) parts.push(`from ${from}`);
  else if (to) parts.push(`until ${to}`);
  if (offer.webEnabled === false) parts.push('tills only');
  return parts.join(', ');
}
