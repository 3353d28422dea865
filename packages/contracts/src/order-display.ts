import { z } from 'zod';

/**
 * What the public order display may see of an order (spec 3 §2.2): its number, its time (HH:mm, UK
 * time) and its status. No name, address, item or price ever leaves: the display is a public page.
 */
export const displayOrderSchema = z.object({
  orderNo: z.number().int(),
  orderTime: z.string(),
  orderStatus: z.string(),
});
export type DisplayOrder = z.infer<typeof displayOrderSchema>;

/** GET storemanagement/order/displayOrders/{pageNumber}?domainName=…: one page of the branch's open orders. */
export const displayOrdersReplySchema = z.object({
  data: z.array(displayOrderSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  displayMemberZoom: z.number(),
  tradingName: z.string(),
});
export type DisplayOrdersReply = z.infer<typeof displayOrdersReplySchema>;

/** A domain name is letters, digits and hyphens (merchant-branch.ts); anything else names no store. */
export const displayOrdersQuerySchema = z.object({ domainName: z.string().max(255).regex(/^[A-Za-z0-9-]+$/, { error: 'Not a store address.' }) });
export const displayOrdersParamsSchema = z.object({ pageNumber: z.coerce.number().int().min(0).max(10_000) });
