/**
 * Printing kitchen tickets and receipts (issue 12 "Printing"; ARCHITECTURE §5). The prints
 * themselves are asked for by the order calls of spec 3 §7.1 (accept, resendkitchen, printreceipt).
 */
export const PRINTING_MESSAGES = {
  /** Ours: Print Receipt in a branch that has no receipt printer (shown in the order's Error Details). */
  noReceiptPrinter: 'No receipt printer is set up for this branch: add an active device of kind RECEIPT.',
} as const;

/**
 * GET: the order's receipt as a PDF, for Print Receipt in the browser. Spec 3 §7.1 shows no path
 * for it; this one sits beside the order calls.
 */
export const receiptPdfPath = (orderId: number) => `storemanagement/order/receipt/pdf/id/${orderId}`;
