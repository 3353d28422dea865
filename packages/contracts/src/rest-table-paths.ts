/**
 * The floor plan's paths (spec 2 §7 Rest table), free of zod so the lean storefront can import them;
 * rest-table.ts re-exports them beside the schemas.
 */
export const REST_TABLE_PATHS = {
  base: 'storemanagement/resttable/',
  /** POST: creates or retires tables so the floor has `size` tables, `rowSize` to a row. */
  resize: (size: number | string, rowSize: number | string) => `storemanagement/resttable/resize/${size}/${rowSize}`,
  /** GET: { size, rowSize }. */
  param: 'storemanagement/resttable/param',
  byBranch: (branchId: number) => `storemanagement/resttable/merchantBranchId/${branchId}`,
  /** GET: a PDF with one QR code per table. */
  qrPdf: 'storemanagement/resttable/qrcode/pdf',
  /** GET, public (storefront, spec 3 §7.5 'tables by branch id'): the branch's ACTIVE table numbers, for the checkout's Table No. */
  member: (branchId: number) => `storemanagement/resttable/member/merchantBranchId/${branchId}`,
} as const;
