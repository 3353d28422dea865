import { GAZETTEER_BOUNDS, GAZETTEER_CSV_COLUMNS, GAZETTEER_MESSAGES as M, GAZETTEER_TEXT_MAX } from '@tillpoint/contracts/address-lookup-import';
import { normalisePostcode } from '@tillpoint/contracts/address-lookup';

/** One record of a CSV text: its fields and the line it starts on (1 is the first line). */
export type CsvRecord = { line: number; fields: string[]; unclosed: boolean };

/**
 * The records of a CSV text (RFC 4180: comma-separated, fields in double quotes may hold commas,
 * line breaks and doubled quotes; CRLF or LF; a leading byte-order mark is skipped). A generator, so
 * a large file is walked once without its rows being held. Blank lines are skipped.
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let unclosed = false;
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q === -1) {
            value += text.slice(i);
            i = n;
            unclosed = true;
            break;
          }
          value += text.slice(i, q);
          i = q + 1;
          if (text[i] === '"') {
            value += '"';
            i++;
          } else break;
        }
        for (const ch of value) if (ch === '\n') line++;
        // Anything between the closing quote and the next separator is kept, as spreadsheets do.
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
      } else {
        let j = i;
        while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++;
        value = text.slice(i, j);
        i = j;
      }
      fields.push(value);
      if (i < n && text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    line++;
    if (fields.length === 1 && fields[0].trim() === '' && !unclosed) continue;
    yield { line: start, fields, unclosed };
  }
}

/** A valid row, as stored: the postcode normalised, empty optional lines as null, degrees × 1,000,000. */
export type GazetteerRow = {
  postCode: string;
  addressLine1: string;
  addressLine2: string | null;
  addressLine3: string | null;
  addressLine4: string | null;
  postTown: string;
  latitudeE6: number;
  longitudeE6: number;
};

/** Whether the header line names the columns, in order (case and surrounding spaces do not matter). */
export function isGazetteerHeader(record: CsvRecord): boolean {
  return record.fields.length === GAZETTEER_CSV_COLUMNS.length && record.fields.every((f, k) => f.trim().toLowerCase() === GAZETTEER_CSV_COLUMNS[k]);
}

/** A coordinate: a plain decimal number (no exponent, no thousands separators) inside the bounds. */
function degrees(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^[+-]?\d{1,3}(\.\d{1,10})?$/.test(t)) return null;
  const v = Number(t);
  return v >= min && v <= max ? Math.round(v * 1e6) : null;
}

/** A row of the file, checked: the row to store, or every problem it has (in the words the reply shows). */
export function checkGazetteerRecord(record: CsvRecord): { row: GazetteerRow } | { problems: string[] } {
  if (record.unclosed) return { problems: [M.unclosedQuote] };
  if (record.fields.length !== GAZETTEER_CSV_COLUMNS.length) return { problems: [M.columns(record.fields.length)] };
  const [postcode, l1, l2, l3, l4, town, lat, lon] = record.fields.map((f) => f.trim());
  const problems: string[] = [];
  const postCode = normalisePostcode(postcode);
  if (!postCode) problems.push(M.postcode);
  if (!l1) problems.push(M.required('address_line1'));
  if (!town) problems.push(M.required('post_town'));
  const texts: [string, string][] = [
    ['address_line1', l1],
    ['address_line2', l2],
    ['address_line3', l3],
    ['address_line4', l4],
    ['post_town', town],
  ];
  for (const [column, value] of texts) if (value.length > GAZETTEER_TEXT_MAX) problems.push(M.tooLong(column));
  const latitudeE6 = degrees(lat, GAZETTEER_BOUNDS.latMin, GAZETTEER_BOUNDS.latMax);
  const longitudeE6 = degrees(lon, GAZETTEER_BOUNDS.lonMin, GAZETTEER_BOUNDS.lonMax);
  if (latitudeE6 === null) problems.push(M.latitude);
  if (longitudeE6 === null) problems.push(M.longitude);
  if (problems.length || !postCode || latitudeE6 === null || longitudeE6 === null) return { problems };
  return {
    row: { postCode, addressLine1: l1, addressLine2: l2 || null, addressLine3: l3 || null, addressLine4: l4 || null, postTown: town, latitudeE6, longitudeE6 },
  };
}

/** The identity of an address: its postcode and four lines (a second row with them is a duplicate). */
export const addressKey = (r: GazetteerRow) => [r.postCode, r.addressLine1, r.addressLine2 ?? '', r.addressLine3 ?? '', r.addressLine4 ?? ''].join('\u0000');
