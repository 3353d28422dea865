import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { StaffType } from '../shared/session';

/**
 * The back office's screens by hash route name (spec 1 §2, spec 2 §2). Each is its own lazily
 * loaded chunk. A route named in the spec whose screen is not built yet shows a 'coming soon'
 * page naming the area of the spec that brings it.
 */
type Screen = { page: LazyExoticComponent<ComponentType>; for: StaffType[] };

export const SCREENS: Record<string, Screen> = {
  '': { page: lazy(() => import('./home/home-page')), for: ['admin', 'merchant'] },
  taxSave: { page: lazy(() => import('./catalogue/tax-page')), for: ['merchant'] },
  departmentList: { page: lazy(() => import('./catalogue/department-list-page')), for: ['merchant'] },
  departmentSave: { page: lazy(() => import('./catalogue/department-page')), for: ['merchant'] },
  productList: { page: lazy(() => import('./catalogue/product-list-page')), for: ['merchant'] },
  productSave: { page: lazy(() => import('./catalogue/product-page')), for: ['merchant'] },
  productGroupSave: { page: lazy(() => import('./catalogue/product-group-page')), for: ['merchant'] },
  productTagSave: { page: lazy(() => import('./catalogue/product-tag-page')), for: ['merchant'] },
  supplier: { page: lazy(() => import('./catalogue/supplier-page')), for: ['merchant'] },
  webMenuList: { page: lazy(() => import('./web-menu/web-menu-list-page')), for: ['merchant'] },
  webMenuSave: { page: lazy(() => import('./web-menu/web-menu-page')), for: ['merchant'] },
  mixAndMatchList: { page: lazy(() => import('./mix-and-match/mix-and-match-list-page')), for: ['merchant'] },
  mixAndMatchSave: { page: lazy(() => import('./mix-and-match/mix-and-match-page')), for: ['merchant'] },
  floorPlanning: { page: lazy(() => import('./floor/floor-planning-page')), for: ['merchant'] },
  customer: { page: lazy(() => import('./customers/customer-list-page')), for: ['merchant'] },
  customerSave: { page: lazy(() => import('./customers/customer-page')), for: ['merchant'] },
  branchSettings: { page: lazy(() => import('./branch-settings/branch-settings-page')), for: ['merchant'] },
  licenses: { page: lazy(() => import('./licences/licenses-page')), for: ['admin'] },
  mailSettings: { page: lazy(() => import('./settings/mail-settings-page')), for: ['admin'] },
  barcodeGenerator: { page: lazy(() => import('./qr-code/qr-code-page')), for: ['admin'] },
  tillConnections: { page: lazy(() => import('./till/till-connections-page')), for: ['admin'] },
  merchantAccountList: { page: lazy(() => import('./accounts/merchant-account-list-page')), for: ['admin'] },
  merchantAccountSave: { page: lazy(() => import('./accounts/merchant-account-page')), for: ['admin'] },
  merchantBranchSave: { page: lazy(() => import('./accounts/merchant-branch-page')), for: ['admin'] },
  // Merchant staff manage their own account's users, as their MerchantUser privileges allow (spec 1 §6).
  merchantUserSave: { page: lazy(() => import('./users/merchant-user-page')), for: ['admin', 'merchant'] },
  adminUserList: { page: lazy(() => import('./users/admin-user-page')), for: ['admin'] },
  dataUpload: { page: lazy(() => import('./data-sync/data-upload-page')), for: ['admin'] },
  gazetteer: { page: lazy(() => import('./gazetteer/gazetteer-page')), for: ['admin'] },
  orders: { page: lazy(() => import('./orders/orders-page')), for: ['merchant'] },
  orderHistory: { page: lazy(() => import('./orders/order-history-page')), for: ['merchant'] },
  salereport: { page: lazy(() => import('./reports/sale-report-page')), for: ['merchant'] },
  adminSaleReport: { page: lazy(() => import('./reports/admin-sale-report-page')), for: ['admin'] },
};

export type Upcoming = { title: string; area: string };

export const UPCOMING: Record<string, Upcoming> = {};
