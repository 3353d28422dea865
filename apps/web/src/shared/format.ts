/** Display formats of spec 1 §9: GBP with a £ prefix, percent with 2 decimals, DD/MM/YYYY dates. */
const pad = (n: number) => String(n).padStart(2, '0');

const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** £1,234.50; a negative amount keeps its sign before the pound sign: -£3.00. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return `${value < 0 ? '-' : ''}£${money.format(Math.abs(value))}`;
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return `${money.format(value)}%`;
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
