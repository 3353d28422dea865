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
};

export type Upcoming = { title: string; area: string };

export const UPCOMING: Record<string, Upcoming> = {
  adminSaleReport: { title: 'Admin Sale Report', area: 'Orders (spec 3), since sale reports are made from the orders it records' },
  webMenuList: { title: 'Web Menus', area: 'Catalogue: web menu builder (spec 2, Web menu list)' },
  webMenuSave: { title: 'Web Menu', area: 'Catalogue: web menu builder (spec 2, Web menu editor)' },
  mixAndMatchList: { title: 'Mix and Match', area: 'Catalogue: mix and match promotions (spec 2, Mix and match)' },
  mixAndMatchSave: { title: 'Mix and Match', area: 'Catalogue: mix and match promotions (spec 2, Mix and match)' },
  floorPlanning: { title: 'Floor Plan', area: 'Floor: tables and QR codes (spec 2, Floor plan)' },
  branchSettings: { title: 'Branch Settings', area: 'Settings: branch settings (spec 2, Branch settings)' },
  customer: { title: 'Customers', area: 'Customers (spec 2, Customers)' },
  customerSave: { title: 'Customer', area: 'Customers (spec 2, Customers)' },
  orders: { title: 'Orders', area: 'Orders: live orders (spec 3)' },
};
