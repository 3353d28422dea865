/**
 * The back office's hash routes, spelled once as the spec spells them (spec 1 §2, spec 2 §2):
 * list pages as '#/name', record pages as '#name?{id}' with positional parameters, an empty one
 * meaning new ('#merchantBranchSave??7' is a new branch of account 7). The side menu, the pages
 * and the links all build their addresses here.
 */
const param = (value?: number | null) => (value === null || value === undefined ? '' : String(value));

export const ROUTES = {
  home: '#/',
  // Platform administration (spec 1 §2)
  merchantAccountList: '#/merchantAccountList',
  merchantAccountSave: (id?: number | null) => `#merchantAccountSave?${param(id)}`,
  merchantBranchSave: (branchId?: number | null, accountId?: number | null) =>
    accountId === null || accountId === undefined ? `#merchantBranchSave?${param(branchId)}` : `#merchantBranchSave?${param(branchId)}?${accountId}`,
  merchantUserSave: (merchantAccountId?: number | null) => `#merchantUserSave?${param(merchantAccountId)}`,
  adminUserList: '#/adminUserList',
  mailSettings: '#/mailSettings',
  licenses: '#/licenses',
  dataUpload: '#/dataUpload',
  gazetteer: '#/gazetteer',
  barcodeGenerator: '#/barcodeGenerator',
  tillConnections: '#/tillConnections',
  adminSaleReport: '#/adminSaleReport',
  // Merchant catalogue and store set-up (spec 2 §2)
  taxSave: '#/taxSave',
  departmentList: '#/departmentList',
  departmentSave: (id?: number | null) => `#departmentSave?${param(id)}`,
  productList: '#/productList',
  productSave: (id?: number | null) => `#productSave?${param(id)}`,
  productGroupSave: '#/productGroupSave',
  productTagSave: '#/productTagSave',
  /** `back` adds the '?1' suffix the editor returns with (the list restores its trail). */
  webMenuList: (back = false) => (back ? '#webMenuList?1' : '#/webMenuList'),
  /** An existing menu by id, or a new one under a parent: '#webMenuSave??{parentId}'. */
  webMenuSave: (id?: number | null, parentId?: number | null) =>
    parentId === null || parentId === undefined ? `#webMenuSave?${param(id)}` : `#webMenuSave?${param(id)}?${parentId}`,
  mixAndMatchList: '#/mixAndMatchList',
  mixAndMatchSave: (id?: number | null) => `#mixAndMatchSave?${param(id)}`,
  floorPlanning: '#/floorPlanning',
  branchSettings: '#/branchSettings',
  supplier: '#/supplier',
  customer: '#/customer',
  customerSave: (id?: number | null) => `#customerSave?${param(id)}`,
  // Live orders (spec 3 §2.1)
  orders: '#/orders',
  orderHistory: '#/orderHistory',
  salereport: '#/salereport',
} as const;
