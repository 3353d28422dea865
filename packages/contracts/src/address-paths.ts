/**
 * The address calls' constants, messages and paths (spec 3 §5.2, §7.5), free of zod so the lean
 * storefront bundle can import them; address-lookup.ts re-exports them beside the schemas.
 */
/** Spec 3 §9: the lookup needs at least 6 characters. */
export const POSTCODE_LOOKUP_MIN = 6;

export const ADDRESS_MESSAGES = {
  noAddress: 'No Available Address',
  notServiceable:
    'We’re sorry, but the restaurant does not currently deliver to this address. Please choose to order via collection or from another restaurant.',
  selectPostcode: 'Select a postCode',
  // Ours.
  tooShort: 'Please enter at least 6 characters of the postcode.',
  invalid: 'Please enter a valid UK postcode.',
  noCredit: 'Address lookup is not available at the moment. Please type your address.',
  distanceUnavailable: 'We cannot check the delivery distance at the moment. Please try again shortly, or choose collection.',
} as const;

export const ADDRESS_PATHS = {
  lookup: (branchId: number, postcode: string) => `v1/api/address/branchId/${branchId}/postcode/${encodeURIComponent(postcode)}`,
  serviceable: (branchId: number, postcode: string) => `v1/api/address/servicable/merchantBranchId/${branchId}/postCode/${encodeURIComponent(postcode)}`,
} as const;
