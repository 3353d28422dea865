import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_PATHS, type AddressLookupResult } from '@tillpoint/contracts/address-lookup';
import {
  GAZETTEER_CSV_COLUMNS,
  GAZETTEER_IMPORT_MAX_BYTES,
  GAZETTEER_IMPORT_MAX_ERRORS,
  GAZETTEER_MESSAGES,
  GAZETTEER_PATHS,
  type GazetteerImportResult,
  type GazetteerSummary,
} from '@tillpoint/contracts/address-lookup-import';
import { signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { checkGazetteerRecord, csvRecords } from './gazetteer-csv';
import { queryRows } from '../../db/rows';

type Reply = GazetteerImportResult & { type?: string; details: string; errors?: { field: string; message: string }[] };
const HEADER = GAZETTEER_CSV_COLUMNS.join(',');

let t: TestApp;
let admin: string;
let merchant: string;
let demoBranch: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, merchant, demoBranch } = await signInDemo(t));
});
afterAll(() => t.close());

function upload(content: Buffer | string, token: string | null, filename = 'gazetteer.csv') {
  const boundary = `----gazetteer${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/api/${GAZETTEER_PATHS.import}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.concat([Buffer.from(head), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
const reply = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: JSON.parse(res.body) as Reply });
const addresses = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from postcode_address`))[0].n;

describe('gazetteer CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a byte-order mark, and skips blank lines', () => {
    const text = '\ufeffa,b\r\n"Flat 1, Rose Court","say ""hi"""\r\n\r\n"two\nlines",x\nlast,"open';
    expect([...csvRecords(text)]).toEqual([
      { line: 1, fields: ['a', 'b'], unclosed: false },
      { line: 2, fields: ['Flat 1, Rose Court', 'say "hi"'], unclosed: false },
      { line: 4, fields: ['two\nlines', 'x'], unclosed: false },
      { line: 6, fields: ['last', 'open'], unclosed: true },
    ]);
  });

  it('checks each row: the postcode normalised, required lines, lengths, coordinates inside the UK, and says every problem', () => {
    const ok = checkGazetteerRecord({ line: 2, fields: ['sw1a2aa', ' 10 Downing Street ', '', '', '', 'London', '51.503541', '-0.12767'], unclosed: false });
    expect(ok).toEqual({
      row: { postCode: 'SW1A 2AA', addressLine1: '10 Downing Street', addressLine2: null, addressLine3: null, addressLine4: null, postTown: 'London', latitudeE6: 51503541, longitudeE6: -127670 },
    });
    const bad = checkGazetteerRecord({ line: 3, fields: ['NOT A CODE', '', '', '', '', '', '-0.12', '51.5'], unclosed: false });
    expect(bad).toEqual({
      problems: [GAZETTEER_MESSAGES.postcode, GAZETTEER_MESSAGES.required('address_line1'), GAZETTEER_MESSAGES.required('post_town'), GAZETTEER_MESSAGES.latitude, GAZETTEER_MESSAGES.longitude],
    });
    expect(checkGazetteerRecord({ line: 4, fields: ['SW1A 2AA', 'x'], unclosed: false })).toEqual({ problems: [GAZETTEER_MESSAGES.columns(2)] });
    const long = checkGazetteerRecord({ line: 5, fields: ['SW1A 2AA', 'x'.repeat(256), '', '', '', 'London', '1e1', '0'], unclosed: false });
    expect(long).toEqual({ problems: [GAZETTEER_MESSAGES.tooLong('address_line1'), GAZETTEER_MESSAGES.latitude] });
  });
});

describe('gazetteer import (administrators)', () => {
  it('only a platform administrator may import: 401 without a token, 403 for a merchant user; nothing written', async () => {
    const before = await addresses();
    const csv = `${HEADER}\nE1 6AN,1 Commercial Street,,,,London,51.5155,-0.0722\n`;
    expect((await upload(csv, null)).statusCode).toBe(401);
    expect((await upload(csv, merchant)).statusCode).toBe(403);
    expect((await t.json('GET', `/api/${GAZETTEER_PATHS.summary}`, undefined, merchant)).status).toBe(403);
    expect(await addresses()).toBe(before);
  });

  it('imports new addresses, then replaces the same addresses on a second import; the look-up finds them', async () => {
    const first = [HEADER, 'e16an,1 Commercial Street,,,,London,51.5155,-0.0722', '"E1 6AN","Flat 2, 3 Commercial Street",Spitalfields,,,London,51.5156,-0.0723', ''].join('\r\n');
    const r1 = reply(await upload(first, admin));
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ rows: 2, imported: 2, replaced: 0, postcodes: 1, details: GAZETTEER_MESSAGES.imported(2) });

    const found = await t.json<AddressLookupResult[]>('GET', `/api/${ADDRESS_PATHS.lookup(demoBranch, 'e1 6an')}`);
    expect(found.body.map((a) => a.displayString)).toEqual(['1 Commercial Street, London, E1 6AN', 'Flat 2, 3 Commercial Street, Spitalfields, London, E1 6AN']);

    const second = `${HEADER}\nE1 6AN,1 Commercial Street,,,,LONDON,51.5157,-0.0724\nE1 6AN,5 Commercial Street,,,,London,51.5158,-0.0725\n`;
    expect(reply(await upload(second, admin)).body).toMatchObject({ rows: 2, imported: 1, replaced: 1 });
    const again = await t.json<AddressLookupResult[]>('GET', `/api/${ADDRESS_PATHS.lookup(demoBranch, 'E1 6AN')}`);
    expect(again.body).toHaveLength(3);
    expect(again.body[0]).toMatchObject({ addressLines: ['1 Commercial Street', '', '', ''], postTown: 'LONDON' });
    const summary = await t.json<GazetteerSummary>('GET', `/api/${GAZETTEER_PATHS.summary}`, undefined, admin);
    expect(summary.status).toBe(200);
    expect(summary.body.addresses).toBe(await addresses());
  });

  it('any bad row refuses the whole file in one reply naming each bad line, and writes nothing', async () => {
    const before = await addresses();
    const csv = [
      HEADER,
      'N1 9GU,1 Good Road,,,,London,51.53,-0.12',
      'N1 9GU,,,,,London,51.53,-0.12',
      'ZZZ,2 Good Road,,,,London,51.53,-0.12',
      'N1 9GU,3 Good Road,,,,London,151.53,-0.12',
      'N1 9GU,1 Good Road,,,,London,51.53,-0.12',
      'N1 9GU,4 Good Road,,,London,51.53,-0.12',
    ].join('\n');
    const r = reply(await upload(csv, admin));
    expect(r.status).toBe(400);
    expect(r.body.type).toBe('WARNING');
    expect(r.body.details).toBe(GAZETTEER_MESSAGES.badRows(5));
    expect(r.body.errors).toEqual([
      { field: 'Line 3', message: GAZETTEER_MESSAGES.required('address_line1') },
      { field: 'Line 4', message: GAZETTEER_MESSAGES.postcode },
      { field: 'Line 5', message: GAZETTEER_MESSAGES.latitude },
      { field: 'Line 6', message: GAZETTEER_MESSAGES.duplicate(2) },
      { field: 'Line 7', message: GAZETTEER_MESSAGES.columns(7) },
    ]);
    expect(await addresses()).toBe(before);
  });

  it('a missing or wrong header, no rows, no file or a file that is not text: a clear 400', async () => {
    expect(reply(await upload('postcode,line1\nSW1A 2AA,x\n', admin)).body.details).toBe(GAZETTEER_MESSAGES.header);
    expect(reply(await upload(`${HEADER}\n\n`, admin)).body.details).toBe(GAZETTEER_MESSAGES.empty);
    expect(reply(await upload('', admin)).body.details).toBe(GAZETTEER_MESSAGES.noFile);
    expect(reply(await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), admin, 'logo.png')).body.details).toBe(GAZETTEER_MESSAGES.notText);
    expect(reply(await upload(Buffer.from(`${HEADER}\nSW1A 2AA,Caf\xe9,,,,London,51.5,-0.1\n`, 'latin1'), admin)).body.details).toBe(GAZETTEER_MESSAGES.notText);
    const json = await t.json('POST', `/api/${GAZETTEER_PATHS.import}`, { rows: [] }, admin);
    expect(json.status).toBe(400);
  });

  it('a file over 50 MB is refused before it is read as rows', async () => {
    const before = await addresses();
    const big = Buffer.alloc(GAZETTEER_IMPORT_MAX_BYTES + 1, 'a');
    big.write(`${HEADER}\n`);
    const r = reply(await upload(big, admin));
    expect(r.status).toBe(400);
    expect(r.body.details).toBe(GAZETTEER_MESSAGES.tooLarge);
    expect(await addresses()).toBe(before);
  });

  it('a big file: 100,000 addresses in one import; a bad last row still refuses all of them, and lists at most 100 bad lines', async () => {
    const before = await addresses();
    const lines = [HEADER];
    // 100,000 addresses over 5,000 postcodes in the London box (letters for the unit, numbers for the house).
    const letters = 'ABDEFGHJLNPQRSTUWXYZ';
    for (let i = 0; i < 100_000; i++) {
      const p = Math.floor(i / 20);
      const postcode = `E${1 + (p % 9)} ${p % 10}${letters[Math.floor(p / 10) % 20]}${letters[Math.floor(p / 200) % 20]}`;
      lines.push(`${postcode},${(i % 20) + 1} Bench Street,,,,London,${(51.5 + (p % 100) / 1000).toFixed(6)},${(-0.05 - (p % 50) / 1000).toFixed(6)}`);
    }
    const good = `${lines.join('\n')}\n`;
    const refused = reply(await upload(`${good}E1 1AA,,,,,London,51.5,-0.1\n`, admin));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: `Line ${lines.length + 1}`, message: GAZETTEER_MESSAGES.required('address_line1') }]);
    expect(await addresses()).toBe(before);

    const manyBad = reply(await upload(`${HEADER}\n${'X,,,,,,,\n'.repeat(150)}`, admin));
    expect(manyBad.body.details).toBe(GAZETTEER_MESSAGES.badRows(150));
    expect(manyBad.body.errors).toHaveLength(GAZETTEER_IMPORT_MAX_ERRORS);

    const started = Date.now();
    const r = reply(await upload(good, admin));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ rows: 100_000, imported: 100_000, replaced: 0, postcodes: 5_000 });
    expect(await addresses()).toBe(before + 100_000);
    // Reported, not asserted: the machine's speed is not the code's behaviour.
    console.log(`gazetteer import of 100,000 rows: ${Date.now() - started} ms`);
    const replaced = reply(await upload(good, admin));
    expect(replaced.body).toMatchObject({ imported: 0, replaced: 100_000 });
  }, 300_000);
});
