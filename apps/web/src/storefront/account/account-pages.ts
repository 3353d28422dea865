/** The titles of the member's account pages, for the user menu and the pages (spec 3 §2.2 'Shell'). */
export const ACCOUNT_PAGE_TITLES = {
  accountDetails: 'Account Details',
  paymentMethods: 'Payment Methods',
  address: 'Addresses',
  myOrders: 'Orders',
  complaintSuggestion: 'Complaint / Suggestion',
} as const;
export type AccountPageName = keyof typeof ACCOUNT_PAGE_TITLES;
