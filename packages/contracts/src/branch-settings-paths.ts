/**
 * Base path, under /api/ (spec 1 §7); free of zod so the lean storefront can import it (branch-settings.ts
 * re-exports it); the writes are one per tab so a tab's save never touches another's fields.
 */
export const BRANCH_SETTINGS_PATHS = {
  base: 'storemanagement/merchantbranchsettings/',
  byBranch: (branchId: number) => `storemanagement/merchantbranchsettings/merchantBranchId/${branchId}`,
  saveOrder: (branchId: number) => `storemanagement/merchantbranchsettings/${branchId}/order`,
  saveEod: (branchId: number) => `storemanagement/merchantbranchsettings/${branchId}/eod`,
  savePayment: (branchId: number) => `storemanagement/merchantbranchsettings/${branchId}/payment`,
  /** Public (storefront): provider and script address, never secrets. */
  paymentSettings: (branchId: number) => `storemanagement/merchantbranchsettings/paymentsettings/${branchId}`,
  /** Public (storefront): payment options and status. */
  member: (branchId: number) => `storemanagement/merchantbranchsettings/member/merchantBranchId/${branchId}`,
  /** Public (storefront). */
  isStoreClosed: (branchId: number) => `storemanagement/merchantbranchsettings/isstoreclosed/branchId/${branchId}`,
} as const;

/** Multi-selects travel as comma-joined text (spec 1 §3). */
export const splitOptions = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
export const joinOptions = (options: readonly string[]) => options.join(',');
