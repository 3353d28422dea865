/** CSV text for an export: RFC 4180 quoting, and a BOM so spreadsheet programs read UTF-8. */
export type CsvColumn<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined };

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A text cell starting with a formula sign would run as a formula when the file is opened.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
