import { z } from 'zod';

/** The marketplace's replies (spec 3 §3 'Marketplace branch'); paths and texts in marketplace-paths.ts. */
export const marketplaceBranchSchema = z.object({
  id: z.number().int(),
  tradingName: z.string(),
  domainName: z.string(),
  /** Whether the signed-in member marked it; always false for a visitor. */
  favorite: z.boolean(),
  displayAddressString: z.string(),
  /** Postcodes or districts the store delivers to, when it lists them. */
  serviceableAreas: z.string().nullable(),
  /** Today's hours as the store card shows them ('11:00 - 22:00', or 'Closed today'). */
  openAndCloseHours: z.string(),
  /** Whether the store is open now (Europe/London). */
  open: z.boolean(),
  postCodeAround: z.string().nullable(),
  /** The logo's address (a public image call with an ETag) instead of inlined content; null without one. */
  logoUrl: z.string().nullable(),
  fileType: z.string().nullable(),
  fileName: z.string().nullable(),
  content: z.null(),
});
export type MarketplaceBranch = z.infer<typeof marketplaceBranchSchema>;

export const marketplaceSearchParamsSchema = z.object({ text: z.string().trim().min(1).max(100) });
