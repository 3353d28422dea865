import { z } from 'zod';

/** UK postcodes and the storefront's address calls (spec 3 §3 "Address lookup result", §5.2, §7.5). */

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
} as const;

export const ADDRESS_PATHS = {
  lookup: (branchId: number, postcode: string) => `v1/api/address/branchId/${branchId}/postcode/${encodeURIComponent(postcode)}`,
  serviceable: (branchId: number, postcode: string) => `v1/api/address/servicable/merchantBranchId/${branchId}/postCode/${encodeURIComponent(postcode)}`,
} as const;

/**
 * Outward code (area letters, district digit, optional letter or digit) and inward code (sector
 * digit, two unit letters), as Royal Mail writes them; GIR 0AA is the one historic exception.
 */
const POSTCODE = /^(GIR|[A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;

/** 'sw1a1aa ' → 'SW1A 1AA': upper case, one space before the last three characters; null when not a UK postcode. */
export function normalisePostcode(raw: string): string | null {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  const m = POSTCODE.exec(compact);
  if (!m || (m[1] === 'GIR' && m[2] !== '0AA')) return null;
  return `${m[1]} ${m[2]}`;
}

/** The outward code of a normalised postcode ('SW1A 1AA' → 'SW1A'). */
export const outwardCode = (postcode: string) => postcode.split(' ')[0];

/**
 * Whether a postcode lies in one of the branch's serviceable areas (comma-separated): an area
 * ('SW'), a district ('SW1', which holds SW1A to SW1Y), an outward code ('SW1A') or a whole postcode.
 */
export function inServiceableAreas(postcode: string, areas: string | null | undefined): boolean {
  const outward = outwardCode(postcode);
  const letters = /^[A-Z]+/.exec(outward)?.[0] ?? '';
  return (areas ?? '')
    .split(',')
    .map((a) => a.trim().toUpperCase())
    .filter(Boolean)
    .some((area) => {
      const whole = normalisePostcode(area);
      if (whole) return whole === postcode;
      if (/^[A-Z]{1,2}$/.test(area)) return area === letters;
      if (/^[A-Z]{1,2}\d$/.test(area)) return outward === area || (outward.length === area.length + 1 && outward.startsWith(area) && /[A-Z]$/.test(outward));
      return outward === area.replace(/\s+/g, '');
    });
}

/** Great-circle distance in miles between two points in degrees. */
export function milesBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** An address of the lookup (spec 3 §3): four lines, the post town and the text a list shows. */
export const addressLookupResultSchema = z.object({
  postCode: z.string(),
  addressLines: z.array(z.string()).length(4),
  postTown: z.string(),
  displayString: z.string(),
});
export type AddressLookupResult = z.infer<typeof addressLookupResultSchema>;

/** The serviceability answer: a reply without a `type`, so the storefront reads it rather than toasting it. */
export const serviceabilitySchema = z.object({
  postCode: z.string(),
  serviceable: z.boolean(),
  /** Miles from the branch's own postcode, when measured. */
  distance: z.number().nullable(),
  message: z.string().nullable(),
});
export type Serviceability = z.infer<typeof serviceabilitySchema>;
