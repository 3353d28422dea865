import { toArea, toDistrict, toNormalised, toOutcode } from 'postcode';
import { z } from 'zod';

// The zod-free constants live in address-paths.ts so the lean storefront can import them without zod.
export { ADDRESS_MESSAGES, ADDRESS_PATHS, POSTCODE_LOOKUP_MIN } from './address-paths';

/** UK postcodes and the storefront's address calls (spec 3 §3 "Address lookup result", §5.2, §7.5). */




/**
 * 'sw1a1aa ' → 'SW1A 1AA': upper case, one space before the inward code; null when not a UK postcode.
 * The `postcode` package (Ideal Postcodes' parser, tested against the ~1.7 million ONSPD postcodes)
 * decides; GIR 0AA, the one historic code its pattern leaves out, is still delivered to (Santander).
 */
export function normalisePostcode(raw: string): string | null {
  // The package wants no space around the postcode (one typed with spaces is still a postcode).
  const normalised = toNormalised(raw.trim());
  if (normalised) return normalised;
  return raw.replace(/\s+/g, '').toUpperCase() === 'GIR0AA' ? 'GIR 0AA' : null;
}

/** The outward code of a postcode ('sw1a1aa' → 'SW1A'), or '' when it is not one. */
export const outwardCode = (postcode: string) => (postcode.toUpperCase() === 'GIR 0AA' ? 'GIR' : (toOutcode(postcode.trim()) ?? ''));

/**
 * Whether a postcode lies in one of the branch's serviceable areas (comma-separated): an area
 * ('SW'), a district ('SW1', which holds SW1A to SW1Y), an outward code ('SW1A') or a whole postcode.
 * The postcode package names the postcode's area, district and outward code.
 */
export function inServiceableAreas(postcode: string, areas: string | null | undefined): boolean {
  const whole = normalisePostcode(postcode);
  if (!whole) return false;
  const parts = new Set([whole, outwardCode(whole), toDistrict(whole), toArea(whole)].filter((p): p is string => Boolean(p)));
  return (areas ?? '')
    .split(',')
    .map((a) => a.trim().toUpperCase())
    .filter(Boolean)
    .some((area) => parts.has(normalisePostcode(area) ?? area.replace(/\s+/g, '')));
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
