import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AddressLookupResult } from '@tillpoint/contracts/address-lookup';
import type { CreditType } from '@tillpoint/contracts/credit';
import type { Db } from '../../db/open-db';
import { credit, postcodeAddress } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { ownedBy } from '../../platform/tenancy';

/**
 * Where addresses and coordinates come from. The built-in gazetteer reads its own table; an adapter
 * for a real UK address service implements the same two calls, and throws AddressServiceUnavailable
 * when the service cannot answer (timeout, 5xx, refused key), so the caller can let the customer
 * type the address instead.
 */
export type AddressProvider = {
  /** The addresses of a normalised postcode. */
  lookup(db: Db, postcode: string): Promise<AddressLookupResult[]>;
  /** The postcode's position in degrees, or null when it is unknown. */
  coordinates(db: Db, postcode: string): Promise<{ lat: number; lon: number } | null>;
};

/** The outside service did not answer usefully; the message says why (for the log, never the customer). */
export class AddressServiceUnavailable extends Error {}

export const gazetteerProvider: AddressProvider = {
  async lookup(db, postcode) {
    const rows = await db.select().from(postcodeAddress).where(eq(postcodeAddress.postCode, postcode)).orderBy(asc(postcodeAddress.id));
    return rows.map((r) => {
      const lines = [r.addressLine1, r.addressLine2 ?? '', r.addressLine3 ?? '', r.addressLine4 ?? ''];
      return { postCode: r.postCode, addressLines: lines, postTown: r.postTown, displayString: [...lines.filter(Boolean), r.postTown, r.postCode].join(', ') };
    });
  },
  async coordinates(db, postcode) {
    const [row] = await db
      .select({ lat: postcodeAddress.latitudeE6, lon: postcodeAddress.longitudeE6 })
      .from(postcodeAddress)
      .where(eq(postcodeAddress.postCode, postcode))
      .limit(1);
    return row ? { lat: row.lat / 1e6, lon: row.lon / 1e6 } : null;
  },
};

/**
 * Spends one credit of the type from the branch's oldest ACTIVE credit that has some left. The row is
 * claimed with SKIP LOCKED and the update is guarded, so concurrent look-ups never overspend.
 * The id of the credit spent, or null when none is left.
 */
export async function spendCredit(db: Db, s: Scope, type: CreditType): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: credit.id })
      .from(credit)
      .where(ownedBy(credit, s, and(eq(credit.creditType, type), eq(credit.status, 'ACTIVE'), lt(credit.creditUsed, credit.creditValue))))
      .orderBy(asc(credit.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const spent = await tx
      .update(credit)
      .set({ creditUsed: sql`${credit.creditUsed} + 1`, updatedDate: new Date() })
      .where(and(eq(credit.merchantAccountId, s.merchantAccountId), eq(credit.id, row.id), lt(credit.creditUsed, credit.creditValue)))
      .returning({ id: credit.id });
    return spent[0]?.id ?? null;
  });
}

/**
 * Gives back a credit spent on a look-up the outside service could not answer: the look-up was not
 * made, so the branch does not pay for it (spec 3 §7.5: a credit per look-up made).
 */
export async function refundCredit(db: Db, s: Scope, creditId: number): Promise<void> {
  await db
    .update(credit)
    .set({ creditUsed: sql`${credit.creditUsed} - 1`, updatedDate: new Date() })
    .where(ownedBy(credit, s, and(eq(credit.id, creditId), gt(credit.creditUsed, 0))));
}
