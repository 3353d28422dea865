import { z } from 'zod';

/**
 * The built-in gazetteer's CSV import (issue 10 'Postcodes and addresses'): a platform administrator
 * uploads postcodes with their addresses and coordinates. Not in the spec, so the words are ours.
 */

/** The header line the file starts with, in this order. */
export const GAZETTEER_CSV_COLUMNS = ['postcode', 'address_line1', 'address_line2', 'address_line3', 'address_line4', 'post_town', 'latitude', 'longitude'] as const;

/** A whole-country extract is far larger; 50 MB holds about 600,000 addresses. */
export const GAZETTEER_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** The reply lists at most this many bad rows (the count says how many there were). */
export const GAZETTEER_IMPORT_MAX_ERRORS = 100;
/** Text fields, like every text of the platform (spec 1 §9). */
export const GAZETTEER_TEXT_MAX = 255;
/**
 * Great Britain, Northern Ireland, the Channel Islands and the Isle of Man lie inside this box: a file
 * with latitude and longitude swapped, or in another projection (eastings and northings), is refused.
 */
export const GAZETTEER_BOUNDS = { latMin: 49, latMax: 61, lonMin: -9, lonMax: 2 } as const;

export const GAZETTEER_MESSAGES = {
  noFile: 'Please choose a CSV file to import.',
  tooLarge: 'The file is larger than 50 MB. Please split it and import the parts one after another.',
  notText: 'The file is not a CSV text file.',
  header: `The first line must name the columns ${GAZETTEER_CSV_COLUMNS.join(',')}.`,
  empty: 'The file has no addresses after its header line.',
  badRows: (bad: number) => `${bad === 1 ? '1 row is' : `${bad.toLocaleString('en-GB')} rows are`} not valid, so nothing was imported. Please correct the file and import it again.`,
  columns: (found: number) => `has ${found} columns, not ${GAZETTEER_CSV_COLUMNS.length}`,
  postcode: 'postcode is not a valid UK postcode',
  required: (column: string) => `${column} is required`,
  tooLong: (column: string) => `${column} is longer than ${GAZETTEER_TEXT_MAX} characters`,
  latitude: `latitude must be a number from ${GAZETTEER_BOUNDS.latMin} to ${GAZETTEER_BOUNDS.latMax}`,
  longitude: `longitude must be a number from ${GAZETTEER_BOUNDS.lonMin} to ${GAZETTEER_BOUNDS.lonMax}`,
  duplicate: (line: number) => `repeats the address on line ${line}`,
  unclosedQuote: 'has a quote that is never closed',
  imported: (rows: number) => `${rows.toLocaleString('en-GB')} addresses imported.`,
} as const;

export const GAZETTEER_PATHS = {
  /** POST, multipart with one file (field `file`); administrators only. */
  import: 'v1/api/address/gazetteer/import',
  /** GET: how many postcodes and addresses the gazetteer holds. */
  summary: 'v1/api/address/gazetteer/summary',
} as const;

/** What an import did: every valid row is either a new address or replaces the same address's town and position. */
export const gazetteerImportResultSchema = z.object({
  rows: z.number().int(),
  imported: z.number().int(),
  replaced: z.number().int(),
  postcodes: z.number().int(),
  details: z.string(),
});
export type GazetteerImportResult = z.infer<typeof gazetteerImportResultSchema>;

export const gazetteerSummarySchema = z.object({ postcodes: z.number().int(), addresses: z.number().int() });
export type GazetteerSummary = z.infer<typeof gazetteerSummarySchema>;
