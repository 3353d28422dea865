import { z } from 'zod';

/**
 * Sale reports (spec 3 §2.1 "Sale Report", §3, §4.3, §7.2) and the admin sale report (spec 1
 * "Admin sale report", §3 "Sale report summary", §7 "Sale reports"). The current report is the X
 * report of the orders since the last finalised (Z) report; finalising freezes it in the archive.
 */
export const SALE_REPORT_PATHS = {
  base: 'storemanagement/zxreport/',
  current: 'storemanagement/zxreport/salereport',
  one: (id: number) => `storemanagement/zxreport/salereport/${id}`,
  /** The spelling is the spec's. */
  archive: 'storemanagement/zxreport/salereport/archieve',
  finalise: 'storemanagement/zxreport/finalise',
  /** Ours: the report's lines as a table load, so the table mechanism exports and mails them (spec 3 §7.2). */
  currentLines: 'storemanagement/zxreport/salereport/lines',
  lines: (id: number) => `storemanagement/zxreport/salereport/lines/${id}`,
} as const;

export const ADMIN_SALE_REPORT_PATHS = {
  base: 'admin/zxreport/',
  calculate: (reportId: number) => `admin/zxreport/calculate/${reportId}`,
  summary: (branchId: number, startMs: number, endMs: number) => `admin/zxreport/summary/merchantBranchId/${branchId}/${startMs}/${endMs}`,
  table: (branchId: number, start: number, end: number) => `admin/zxreport/merchantBranchId/${branchId}/${start}/${end}`,
  detail: (reportId: number, branchId: number) => `admin/zxreport/${reportId}/${branchId}`,
} as const;

export const SALE_REPORT_MESSAGES = {
  confirmFinalise: 'Do you want to finalise Sale Report?',
  confirmCalculate: 'Are you sure to calculate sale report again?',
  /** Ours: a second Finalise of the same period (two clicks, two screens, the end-of-day job). */
  alreadyFinalised: 'This sale report has already been finalised.',
  finalised: 'The sale report was finalised.',
} as const;

/** Spec 3 §9. */
export const SALE_REPORT_ROWS = 100;
export const ARCHIVE_PAGE_SIZE = 10;
export const FINALISE_REFRESH_MS = 1000;
/** Spec 1 §9 "report ranges" and "report channels". */
export const REPORT_DURATIONS = [7, 30, 90] as const;
export const REPORT_CHANNELS = ['TABLE_ORDER', 'WEB_ORDER', 'WEB_MENU', 'ORDER_DISPLAY'] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];
/** Admin sale report: table page and detail rows (spec 1 §9). */
export const ADMIN_REPORT_PAGE_SIZE = 10;
export const ADMIN_REPORT_DETAIL_ROWS = 100;

/** A line of a report (spec 3 §3 "Current-report line"). */
export const saleReportLineSchema = z.object({ name: z.string(), quantityText: z.string(), amountText: z.string() });
export type SaleReportLine = z.infer<typeof saleReportLineSchema>;

/** A report (current or archived): its period, headline figures (pounds, 2 decimals) and lines. */
export const saleReportSchema = z.object({
  /** Null for the current (not yet finalised) report. */
  id: z.number().int().nullable(),
  /** The number this report has (archived) or will get (current). */
  xreportCounter: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
  grossSale: z.number(),
  netSale: z.number(),
  lines: z.array(saleReportLineSchema),
});
export type SaleReport = z.infer<typeof saleReportSchema>;

/** A row of the archive (spec 3 §3 "Sale report archive item"). */
export const saleReportArchiveItemSchema = z.object({
  id: z.number().int(),
  xreportCounter: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
  grossSale: z.number(),
  netSale: z.number(),
});
export type SaleReportArchiveItem = z.infer<typeof saleReportArchiveItemSchema>;

/**
 * PUT finalise's body: the number of the report the caller saw (the current report's
 * xreportCounter). A finalise for a number already taken is refused, so two clicks or two screens
 * at once finalise the period once.
 */
export const finaliseInputSchema = z.object({ xreportCounter: z.number().int().min(1).max(2_147_483_647) });
export type FinaliseInput = z.infer<typeof finaliseInputSchema>;

/** Spec 1 §3 "Sale report summary" (money in GBP, pounds). */
export const saleReportSummarySchema = z.object({
  netSale: z.number(),
  grossSale: z.number(),
  refunds: z.number(),
  netSaleCnt: z.number().int(),
  grossSaleCnt: z.number().int(),
  refundsCnt: z.number().int(),
});
export type SaleReportSummary = z.infer<typeof saleReportSummarySchema>;

/** A row of the admin table (spec 1 "Admin sale report" columns). */
export const adminSaleReportRowSchema = saleReportSummarySchema.extend({
  id: z.number().int(),
  merchantBranchId: z.number().int(),
  tradingName: z.string(),
  xreportCounter: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
});
export type AdminSaleReportRow = z.infer<typeof adminSaleReportRowSchema>;

/** -1 is sent for a missing branch, start or end (spec 1 §7). */
const minusOneOrId = z.coerce.number().int().min(-1).max(2_147_483_647);
const minusOneOrMs = z.coerce.number().int().min(-1).max(8_640_000_000_000_000);
export const adminReportRangeParams = z.object({ branchId: minusOneOrId, start: minusOneOrMs, end: minusOneOrMs });
export const adminReportQuery = z.object({
  channel: z.enum(REPORT_CHANNELS).optional(),
  pageNumber: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_REPORT_PAGE_SIZE),
});
