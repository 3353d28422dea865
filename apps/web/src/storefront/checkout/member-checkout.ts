import type { MemberAddress, MemberCard, MemberProfile } from '@tillpoint/contracts/member';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data-paths';
import { DEFAULT_ADDRESS_SUFFIX, MEMBER_PATHS } from '@tillpoint/contracts/member-paths';
import { api } from '../../shared/api';
import type { CheckoutAddress } from './checkout-rules';

/**
 * The member's part of the checkout (`/approveOrder`, spec 3 §2.2, §4.7, §4.8; issue 11): their
 * details, saved delivery addresses, saved cards of this store's provider and saved notes, loaded
 * together. What the member asks to keep (addresses, notes) goes with the order to the server, which
 * saves it with the order (also after a 3-D Secure redirect; platform/member-saves.ts).
 */
export type MemberCheckout = {
  profile: MemberProfile | null;
  addresses: MemberAddress[];
  billingAddresses: MemberAddress[];
  cards: MemberCard[];
  notes: { orderNotes: string | null; allergies: string | null } | null;
};

export async function loadMemberCheckout(branchId: number, provider: string): Promise<MemberCheckout> {
  const [profile, addresses, billingAddresses, cards, notes] = await Promise.all([
    api.get<MemberProfile>(MEMBER_PATHS.current),
    api.get<MemberAddress[]>(MEMBER_DATA_PATHS.address.all),
    api.get<MemberAddress[]>(MEMBER_DATA_PATHS.billing.all),
    api.get<MemberCard[]>(MEMBER_DATA_PATHS.card.byBranch(branchId)),
    api.get<{ orderNotes: string | null; allergies: string | null }>(MEMBER_DATA_PATHS.notes),
  ]);
  return {
    profile: profile.ok ? profile.body : null,
    addresses: addresses.ok ? addresses.body : [],
    billingAddresses: billingAddresses.ok ? billingAddresses.body : [],
    // A card token works only with the provider it was saved through.
    cards: cards.ok ? cards.body.filter((c) => c.provider === provider) : [],
    notes: notes.ok ? notes.body : null,
  };
}

/** A saved address as the form holds it; the description's ' (Default Address)' suffix is not part of it (spec 3 §3). */
export const toCheckoutAddress = (a: MemberAddress): CheckoutAddress => ({
  postCode: a.postCode,
  city: a.city,
  addressLine1: a.addressLine1,
  addressLine2: a.addressLine2 ?? '',
  addressLine3: a.addressLine3 ?? '',
  addressLine4: a.addressLine4 ?? '',
});

const stripDefault = (d: string) => (d.endsWith(DEFAULT_ADDRESS_SUFFIX) ? d.slice(0, -DEFAULT_ADDRESS_SUFFIX.length) : d);

export function addressLabel(a: MemberAddress): string {
  const where = [a.addressLine1, a.addressLine2, a.addressLine3, a.addressLine4, a.city, a.postCode].filter(Boolean).join(', ');
  const name = a.description ? stripDefault(a.description).trim() : '';
  return name && name !== a.addressLine1 ? `${name}: ${where}` : where;
}

/** The card as the payment list shows it: brand, last four and expiry (never more is known here). */
export const cardLabel = (c: MemberCard) => `${c.cardType} •••• ${c.last4}`;
export const cardExpiry = (c: MemberCard) => `${String(c.validMonth).padStart(2, '0')}/${String(c.validYear % 100).padStart(2, '0')}`;
