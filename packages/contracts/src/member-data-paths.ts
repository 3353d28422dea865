/**
 * A member's own data calls (spec 3 §7.3, §7.5), free of zod so the lean storefront can import them;
 * member-data.ts re-exports them beside the schemas. Paths where the spec says 'paths not shown'
 * follow the generic resource calls.
 */

const resource = (base: string) => ({
  base,
  all: `${base}all`,
  byId: (id: number) => `${base}${id}`,
  create: `${base}create`,
  update: `${base}update`,
  remove: (id: number) => `${base}${id}`,
});

export const MEMBER_DATA_PATHS = {
  /** Delivery addresses; PUT updateDefaultAddress/id/{id}. */
  address: { ...resource('memberuser/address/'), setDefault: (id: number) => `memberuser/address/updateDefaultAddress/id/${id}` },
  /** Billing addresses, the same calls. */
  billing: { ...resource('memberbilling/address/'), setDefault: (id: number) => `memberbilling/address/updateDefaultAddress/id/${id}` },
  /** Saved cards: all, by branch (merchantBranchId/{id}), {id}, updateDefaultCard/id/{id}, delete {id}. */
  card: {
    base: 'memberuser/card/',
    all: 'memberuser/card/all',
    byBranch: (branchId: number) => `memberuser/card/merchantBranchId/${branchId}`,
    byId: (id: number) => `memberuser/card/${id}`,
    setDefault: (id: number) => `memberuser/card/updateDefaultCard/id/${id}`,
    remove: (id: number) => `memberuser/card/${id}`,
  },
  /** GET and PUT { orderNotes, allergies }. */
  notes: 'memberuser/notes/',
  /** POST { merchantBranchId, feedbackType, description }. */
  feedback: 'memberuser/complaintSuggestion/',
  /** PUT: attaches a visitor's basket to the signed-in member; replies { id } (the basket id). */
  setBasketToLoginUser: (branchId: number, bssId: string) => `storemanagement/basket/setBasketToLoginUser/merchantBranchId/${branchId}/basketBssId/${bssId}`,
  /** GET: the member's orders of the last n days. */
  previousOrders: (days: number) => `storemanagement/basket/previousOrders/nlastday/${days}`,
  /** PUT: the My Orders table load. */
  previousOrdersTable: 'storemanagement/basket/previousorders',
  /** GET: one of the member's orders with its lines (the 'Order Details' dialog). */
  previousOrder: (id: number) => `storemanagement/basket/previousorders/${id}`,
} as const;
