/** Privilege actions of the spec: View (tables), Add (new), Create (edit/save), Delete. */
export const ACTIONS = ['View', 'Add', 'Create', 'Delete', 'Modify'] as const;
export type Action = (typeof ACTIONS)[number];

/** Object names, as the spec's privilege tables name them. */
export const OBJECTS = {
  tax: 'Tax',
  department: 'Department',
  product: 'Product',
  productGroup: 'ProductGroup',
  productTag: 'Product Tag',
  webMenu: 'WebMenu',
  mixAndMatch: 'MixAndMatch',
  restTable: 'RestTable',
  supplier: 'Supplier',
  customer: 'Customer',
  merchantUser: 'MerchantUser',
  /** Ours (the spec's privilege table has no row for them): printers and product classes. */
  device: 'Device',
  productClass: 'ProductClass',
  /** Ours: the merchant's branch settings tabs (spec 2 names no privilege for them): View reads, Create saves. */
  branchSettings: 'BranchSettings',
  /** Ours: live order handling by role (spec 3 §4.2, §6); its actions are ORDER_PRIVILEGES of order-handling.ts. */
  order: 'Order',
  /** Ours: sale reports (spec 3 §2.1, §4.3): View reads the current report and the archive, Create finalises. */
  saleReport: 'SaleReport',
} as const;
export type ObjectName = (typeof OBJECTS)[keyof typeof OBJECTS];

export const privilegeKey = (objectName: string, action: string) => `${objectName}:${action}`;
