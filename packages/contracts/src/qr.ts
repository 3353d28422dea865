import { z } from 'zod';
import { MESSAGES } from './messages';

export const QR_MESSAGES = { emptyUrl: 'Empty Url' } as const;

export const QR_PATHS = {
  /** POST {url, numberOfTables?}: a PNG file. With numberOfTables, one code per table on one sheet. */
  generate: 'merchant/branch/generatebarcode',
  /** POST {url}: a PNG file of the store's address. */
  generateForAddress: 'merchant/branch/generatebarcodeforaddress',
} as const;

export const MAX_TABLES = 100;
/** The query parameter a table code adds to the address (the storefront reads it on entry, spec 3 §2). */
export const TABLE_NO_PARAM = 'tableNo';

/** QR request of spec 1 §3: the url, and numberOfTables when used for table codes. */
export const qrRequestSchema = z.object({
  url: z
    .string({ error: QR_MESSAGES.emptyUrl })
    .trim()
    .min(1, { error: QR_MESSAGES.emptyUrl })
    .max(2000, { error: 'The address is too long for a QR code.' }),
  numberOfTables: z
    .number({ error: MESSAGES.emptyValues })
    .int({ error: MESSAGES.emptyValues })
    .min(1, { error: `The number of tables must be between 1 and ${MAX_TABLES}.` })
    .max(MAX_TABLES, { error: `The number of tables must be between 1 and ${MAX_TABLES}.` })
    .nullish(),
});
export type QrRequest = z.input<typeof qrRequestSchema>;

/** The address a table's code opens: the url with the table number added. */
export function tableUrl(url: string, tableNo: number): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}${TABLE_NO_PARAM}=${tableNo}`;
}
