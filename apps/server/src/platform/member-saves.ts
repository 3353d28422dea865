import { and, eq } from 'drizzle-orm';
import type { OrderAddress, PlaceOrderInput } from '@tillpoint/contracts/order';
import type { Db } from '../db/open-db';
import { memberAddress, memberBillingAddress, memberNotes } from '../db/schema';
import { notFound, unauthorized } from './errors';

/**
 * What a member asked the checkout to keep once the order is placed (spec 3 §4.7; issue 11): the
 * new delivery address, the new billing address, the notes and allergies. Kept with the checkout on
 * the server (a card payment's snapshot), so a 3-D Secure redirect does not lose it; applied in the
 * order's transaction by whichever path makes the order. Shared because basket (placing) and
 * payments (the order after a challenge) both make orders; member data lists what it saved.
 */
export type MemberSaves = {
  memberId: number;
  address: OrderAddress | null;
  billing: OrderAddress | null;
  notes: { orderNotes: string | null; allergies: string | null } | null;
};

/**
 * The place-order input with a saved billing address chosen by id (spec 3 §4.8) put in place of the
 * billing fields: read from the signed-in member's own list only, so another member's id (or a
 * visitor's) is refused before anything changes. Nothing to save then: the member has it already.
 */
export async function withChosenBilling<T extends Pick<PlaceOrderInput, 'memberBillingAddressId' | 'memberBillingAddress' | 'saveBillingAddress'>>(
  db: Db,
  memberId: number | null,
  input: T,
): Promise<T> {
  const id = input.memberBillingAddressId;
  if (id === null || id === undefined) return input;
  if (memberId === null) throw unauthorized();
  const [row] = await db
    .select()
    .from(memberBillingAddress)
    .where(and(eq(memberBillingAddress.memberUserId, memberId), eq(memberBillingAddress.id, id)));
  if (!row) throw notFound();
  const { postCode, city, addressLine1, addressLine2, addressLine3, addressLine4 } = row;
  return { ...input, memberBillingAddress: { postCode, city, addressLine1, addressLine2, addressLine3, addressLine4 }, saveBillingAddress: false };
}

const complete = (a: OrderAddress | null | undefined): a is OrderAddress => !!(a?.postCode?.trim() && a.city?.trim() && a.addressLine1?.trim());

/** The saves a member's checkout asks for, or null when there is nothing to keep. */
export function memberSavesOf(
  memberId: number | null,
  input: { saveAddress?: boolean | null; saveBillingAddress?: boolean | null; saveNotes?: boolean | null; memberBillingAddress?: OrderAddress | null },
  checked: { deliveryAddress: OrderAddress | null; orderNotes: string | null; allergies: string | null },
): MemberSaves | null {
  if (memberId === null) return null;
  const saves: MemberSaves = {
    memberId,
    address: input.saveAddress && complete(checked.deliveryAddress) ? checked.deliveryAddress : null,
    billing: input.saveBillingAddress && complete(input.memberBillingAddress) ? input.memberBillingAddress : null,
    notes: input.saveNotes ? { orderNotes: checked.orderNotes || null, allergies: checked.allergies || null } : null,
  };
  return saves.address || saves.billing || saves.notes ? saves : null;
}

const values = (a: OrderAddress) => ({
  postCode: (a.postCode ?? '').trim().toUpperCase(),
  city: (a.city ?? '').trim(),
  addressLine1: (a.addressLine1 ?? '').trim(),
  addressLine2: a.addressLine2?.trim() || null,
  addressLine3: a.addressLine3?.trim() || null,
  addressLine4: a.addressLine4?.trim() || null,
});

/** Adds the address unless the member has it already (same postcode and first line); the first one is the default. */
async function keepAddress(tx: Db, table: typeof memberAddress, memberId: number, a: OrderAddress) {
  const v = values(a);
  const mine = await tx
    .select({ postCode: table.postCode, addressLine1: table.addressLine1 })
    .from(table)
    .where(eq(table.memberUserId, memberId));
  const same = (r: { postCode: string; addressLine1: string }) =>
    r.postCode.replace(/\s/g, '').toUpperCase() === v.postCode.replace(/\s/g, '') && r.addressLine1.trim().toLowerCase() === v.addressLine1.toLowerCase();
  if (mine.some(same)) return;
  await tx.insert(table).values({ memberUserId: memberId, description: null, ...v, defaultAddress: mine.length === 0 });
}

/**
 * Applies the saves in the order's transaction, inside a savepoint: a save that fails is dropped
 * (spec 3 §8: the order stands, its saves' errors are ignored) and never undoes the order.
 */
export async function applyMemberSaves(tx: Db, saves: MemberSaves | null | undefined) {
  if (!saves) return;
  try {
    await tx.transaction(async (sp) => {
      if (saves.address) await keepAddress(sp, memberAddress, saves.memberId, saves.address);
      if (saves.billing) await keepAddress(sp, memberBillingAddress as unknown as typeof memberAddress, saves.memberId, saves.billing);
      if (saves.notes) {
        const set = { ...saves.notes, updatedDate: new Date() };
        await sp
          .insert(memberNotes)
          .values({ memberUserId: saves.memberId, ...set })
          .onConflictDoUpdate({ target: memberNotes.memberUserId, set });
      }
    });
  } catch {
    // Ignored on purpose (see above); the member can still save from the account pages.
  }
}

