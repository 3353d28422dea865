/** Display formats of spec 1 §9: GBP with a £ prefix, percent with 2 decimals, DD/MM/YYYY dates. */
const pad = (n: number) => String(n).padStart(2, '0');

/** Beyond this an amount is not money; it goes through Intl, made then. */
const PLAIN_MAX = 1e15;
let intlTwoDecimals: Intl.NumberFormat | undefined;

/**
 * 1,234.50: what Intl.NumberFormat('en-GB') gives with 2 decimals (half away from zero, on the number's
 * shortest decimal form, so 1.005 is 1.01), without Intl: the first Intl object a page makes loads the
 * locale data, which cost the store page's first render ~100 ms on a phone (the test compares the two).
 */
export function twoDecimals(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  // `${abs}e2` moves the point in the decimal text, so rounding sees 100.5 for 1.005 (abs * 100 is 100.49999…).
  const cents = abs < PLAIN_MAX ? Math.round(Number(`${abs}e2`)) : Number.NaN;
  if (!Number.isFinite(cents)) {
    intlTwoDecimals ??= new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return intlTwoDecimals.format(value);
  }
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** £1,234.50; a negative amount keeps its sign before the pound sign: -£3.00. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return `${value < 0 ? '-' : ''}£${twoDecimals(Math.abs(value))}`;
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return `${twoDecimals(value)}%`;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** Lists show the time too: DD/MM/YYYY HH:mm. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const day = formatDate(value);
  if (!day || value === null || value === undefined) return day;
  const d = toDate(value);
  return `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
