import { merchantUserTillUser, tax, tillUser } from '../../db/schema';

/**
 * What a data reset deletes for a branch (spec 1 §3 "Data upload and reset request"), in delete
 * order (children first). Each table is branch-owned: it has merchant_account_id and
 * merchant_branch_id. Later areas add their tables here, and the reset test checks that every
 * branch-owned table is either listed or kept on purpose (KEPT_ON_RESET).
 */
export const RESET_TABLES = {
  /** Sales: orders, baskets, payments, end-of-day reports. None exist yet; the orders area adds them here. */
  transactions: [],
  /** Definitions: the catalogue (taxes now; departments, products … as their areas arrive) and till users. */
  definitions: [merchantUserTillUser, tax, tillUser],
} as const;

/** Branch-owned tables a reset keeps, and why. */
export const KEPT_ON_RESET: Record<string, string> = {
  merchant_branch: 'the branch itself',
  licence: 'what the branch has paid for',
  credential: "the tills' keys",
  till_connection: 'the record of till connections',
  credit: 'bought postcode look-up credit',
  page_settings: 'branding set by the platform administrator',
  branch_settings: 'order, end-of-day and payment settings',
  merchant_user_branch: 'which users work at the branch',
  data_sync_request: 'the audit trail of sync requests',
  data_reset_audit: 'the audit trail of resets',
};
