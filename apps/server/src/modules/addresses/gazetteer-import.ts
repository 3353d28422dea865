import { sql } from 'drizzle-orm';
import {
  GAZETTEER_IMPORT_MAX_ERRORS,
  GAZETTEER_MESSAGES as M,
  type GazetteerImportResult,
  type GazetteerSummary,
} from '@tillpoint/contracts/address-lookup-import';
import type { FieldError } from '@tillpoint/contracts/api-error';
import type { Db } from '../../db/open-db';
import { badRequest } from '../../platform/errors';
import { type GazetteerRow, addressKey, checkGazetteerRecord, csvRecords, isGazetteerHeader } from './gazetteer-csv';
import { queryRows } from '../../db/rows';

/** Rows per statement: large enough that 100,000 rows take a few dozen statements, small enough to stay a modest parameter. */
const BATCH = 5_000;

/**
 * Upserts a batch in one statement: the rows are sent as one JSON parameter and unpacked in the
 * database (json_to_recordset), an address already there (same postcode and four lines) gets the new
 * post town and position, and the others are inserted. Counts each.
 */
async function upsertBatch(tx: Db, batch: GazetteerRow[]): Promise<{ replaced: number; imported: number }> {
  const json = JSON.stringify(batch.map((r, n) => ({ n, pc: r.postCode, l1: r.addressLine1, l2: r.addressLine2, l3: r.addressLine3, l4: r.addressLine4, town: r.postTown, lat: r.latitudeE6, lon: r.longitudeE6 })));
  const same = sql.raw(
    'p.post_code = i.pc and p.address_line1 = i.l1 and p.address_line2 is not distinct from i.l2 and p.address_line3 is not distinct from i.l3 and p.address_line4 is not distinct from i.l4',
  );
  const [counts] = await queryRows<{ replaced: number; imported: number }>(
    tx,
    sql`
    with incoming as (
      select * from json_to_recordset(${json}::json) as i(n int, pc text, l1 text, l2 text, l3 text, l4 text, town text, lat int, lon int)
    ),
    replaced as (
      update postcode_address p set post_town = i.town, latitude_e6 = i.lat, longitude_e6 = i.lon
      from incoming i where ${same}
      returning i.n
    ),
    added as (
      insert into postcode_address (post_code, address_line1, address_line2, address_line3, address_line4, post_town, latitude_e6, longitude_e6)
      select i.pc, i.l1, i.l2, i.l3, i.l4, i.town, i.lat, i.lon from incoming i
      where not exists (select 1 from postcode_address p where ${same})
      returning id
    )
    select (select count(distinct n) from replaced)::int as replaced, (select count(*) from added)::int as imported`,
  );
  return counts;
}

/**
 * Imports a gazetteer CSV (GAZETTEER_CSV_COLUMNS). Every row is checked first, in one pass over the
 * text that keeps only each address's key (to find repeats): any bad row refuses the whole file with
 * one reply listing the bad lines, and nothing is written. Then a second pass upserts the rows in
 * batches inside one transaction, so a failure half-way also leaves the gazetteer as it was.
 * The text is walked twice rather than held as row objects; imports are serialised by a lock.
 */
export async function importGazetteer(db: Db, text: string): Promise<GazetteerImportResult> {
  const records = csvRecords(text);
  const header = records.next();
  if (header.done || !isGazetteerHeader(header.value)) throw badRequest(M.header);

  const seen = new Map<string, number>();
  const postcodes = new Set<string>();
  const errors: FieldError[] = [];
  let rows = 0;
  let bad = 0;
  for (const record of records) {
    rows++;
    const checked = checkGazetteerRecord(record);
    let problems = 'problems' in checked ? checked.problems : [];
    if ('row' in checked) {
      const key = addressKey(checked.row);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, record.line);
      else problems = [M.duplicate(first)];
      postcodes.add(checked.row.postCode);
    }
    if (!problems.length) continue;
    bad++;
    if (errors.length < GAZETTEER_IMPORT_MAX_ERRORS) errors.push({ field: `Line ${record.line}`, message: problems.join('; ') });
  }
  seen.clear();
  if (bad) throw badRequest(M.badRows(bad), errors);
  if (!rows) throw badRequest(M.empty);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('postcode_address import'))`);
    let imported = 0;
    let replaced = 0;
    let batch: GazetteerRow[] = [];
    const flush = async () => {
      const counts = await upsertBatch(tx, batch);
      imported += counts.imported;
      replaced += counts.replaced;
      batch = [];
    };
    const again = csvRecords(text);
    again.next();
    for (const record of again) {
      const checked = checkGazetteerRecord(record);
      // Checked above; a row that fails now would mean the text changed, and the transaction is abandoned.
      if (!('row' in checked)) throw new Error(`line ${record.line} changed between the two passes`);
      batch.push(checked.row);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length) await flush();
    // A large import changes the table's statistics enough for the planner to notice.
    if (rows >= 1_000) await tx.execute(sql`analyze postcode_address`);
    return { rows, imported, replaced, postcodes: postcodes.size, details: M.imported(rows) };
  });
}

/** How many postcodes and addresses the gazetteer holds. */
export async function gazetteerSummary(db: Db): Promise<GazetteerSummary> {
  const [row] = await queryRows<GazetteerSummary>(db, sql`select count(distinct post_code)::int as postcodes, count(*)::int as addresses from postcode_address`);
  return row;
}
