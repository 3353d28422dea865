import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_PRIVILEGES } from '@tillpoint/contracts/order-handling';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import type { Db } from './open-db';
import { COUNTRY_LIST } from '@tillpoint/contracts/country';
import { adminUser, country, menuItem, role, rolePrivilege, systemParameter } from './schema';

/**
 * Platform reference data: roles with their privileges, the back-office menus and system
 * parameters. Applied on every start (idempotent), so a new area's menu entry or privilege
 * reaches existing databases too.
 */
const CATALOGUE = [
  OBJECTS.tax,
  OBJECTS.department,
  OBJECTS.product,
  OBJECTS.productGroup,
  OBJECTS.productTag,
  OBJECTS.supplier,
  OBJECTS.device,
  OBJECTS.productClass,
  OBJECTS.webMenu,
  OBJECTS.mixAndMatch,
  OBJECTS.restTable,
  OBJECTS.branchSettings,
] as const;
/** Clerks serve at the till: they look the catalogue up (lists, prices) but change nothing (issue 8). */
const CATALOGUE_VIEW = CATALOGUE.filter((o) => o !== OBJECTS.tax).map((o): [string, string[]] => [o, ['View']]);
const ALL = ['View', 'Add', 'Create', 'Delete'];
/** Customers are read-only in the back office (spec 2 'Customers'): View is the only action. */
const CUSTOMER_VIEW: [string, string[]] = [OBJECTS.customer, ['View']];
/** Live order handling by role (spec 3 §6); the owner may do every part of it. */
const O = ORDER_PRIVILEGES;
const CLERK_ORDERS: [string, string[]] = [OBJECTS.order, [O.accept, O.decline, O.dispatch, O.pay, O.close, O.finalise, O.refund, O.print]];
const ALL_ORDERS: [string, string[]] = [OBJECTS.order, Object.values(O)];
/** Sale reports: the owner and clerks finalise the day (spec 3 §6 "clerk … finalise"); a manager reads them. */
const SALE_REPORTS: [string, string[]] = [OBJECTS.saleReport, ['View', 'Create']];

export const ROLES: { id: number; name: string; roleGroup: 'ACCOUNT' | 'OPERATION'; description: string; privileges: [string, string[]][] }[] = [
  {
    id: 1,
    name: 'ACCOUNT_ADMIN',
    roleGroup: 'ACCOUNT',
    description: 'Owner: everything in the back office',
    privileges: [...CATALOGUE.map((o): [string, string[]] => [o, ALL]), [OBJECTS.merchantUser, ['View', 'Add', 'Create']], ALL_ORDERS, CUSTOMER_VIEW, SALE_REPORTS],
  },
  {
    id: 2,
    name: 'ACCOUNT_MANAGER',
    roleGroup: 'ACCOUNT',
    description: 'Manager: keeps the catalogue, cannot delete',
    privileges: [...CATALOGUE.map((o): [string, string[]] => [o, ['View', 'Add', 'Create']]), CUSTOMER_VIEW, [OBJECTS.saleReport, ['View']]],
  },
  { id: 3, name: 'ACCOUNT_USER', roleGroup: 'ACCOUNT', description: 'Staff: reads the catalogue', privileges: [...CATALOGUE.map((o): [string, string[]] => [o, ['View']]), CUSTOMER_VIEW] },
  { id: 4, name: 'CLERK', roleGroup: 'OPERATION', description: 'Accepts, declines, dispatches, takes payment, refunds', privileges: [...CATALOGUE_VIEW, CLERK_ORDERS, SALE_REPORTS] },
  { id: 5, name: 'KITCHEN', roleGroup: 'OPERATION', description: 'Prepares orders and marks them ready', privileges: [[OBJECTS.order, [O.prepare, O.ready]]] },
  { id: 6, name: 'WAITER', roleGroup: 'OPERATION', description: 'Delivers eat-in, collection and takeaway orders', privileges: [[OBJECTS.order, [O.deliver]]] },
  { id: 7, name: 'DRIVER', roleGroup: 'OPERATION', description: 'Delivers dispatched orders and takes payment', privileges: [[OBJECTS.order, [O.markDelivered, O.takePayment]]] },
];

type Menu = { id: number; parentId: number | null; userType: 'admin' | 'merchant'; description: string; href: string | null; icon: string | null; objectName?: string };

export const MENU: Menu[] = [
  { id: 100, parentId: null, userType: 'admin', description: 'Merchant Accounts and Users', href: null, icon: 'pi pi-users' },
  { id: 101, parentId: 100, userType: 'admin', description: 'Merchant Accounts', href: '#/merchantAccountList', icon: 'pi pi-briefcase' },
  { id: 102, parentId: 100, userType: 'admin', description: 'Admin Users', href: '#/adminUserList', icon: 'pi pi-user' },
  { id: 200, parentId: null, userType: 'admin', description: 'Settings and Data', href: null, icon: 'pi pi-cog' },
  { id: 201, parentId: 200, userType: 'admin', description: 'Mail Settings', href: '#/mailSettings', icon: 'pi pi-envelope' },
  { id: 202, parentId: 200, userType: 'admin', description: 'Licenses', href: '#/licenses', icon: 'pi pi-id-card' },
  { id: 203, parentId: 200, userType: 'admin', description: 'Data Upload', href: '#/dataUpload', icon: 'pi pi-upload' },
  { id: 204, parentId: 200, userType: 'admin', description: 'Qr Code', href: '#/barcodeGenerator', icon: 'pi pi-qrcode' },
  { id: 205, parentId: 200, userType: 'admin', description: 'Till Connections', href: '#/tillConnections', icon: 'pi pi-desktop' },
  { id: 206, parentId: 200, userType: 'admin', description: 'Postcode Gazetteer', href: '#/gazetteer', icon: 'pi pi-map-marker' },
  { id: 300, parentId: null, userType: 'admin', description: 'Reports', href: null, icon: 'pi pi-chart-bar' },
  { id: 301, parentId: 300, userType: 'admin', description: 'Admin Sale Report', href: '#/adminSaleReport', icon: 'pi pi-chart-line' },
  { id: 1000, parentId: null, userType: 'merchant', description: 'Catalogue', href: null, icon: 'pi pi-book' },
  { id: 1001, parentId: 1000, userType: 'merchant', description: 'Taxes', href: '#/taxSave', icon: 'pi pi-percentage', objectName: OBJECTS.tax },
  { id: 1002, parentId: 1000, userType: 'merchant', description: 'Departments', href: '#/departmentList', icon: 'pi pi-sitemap', objectName: OBJECTS.department },
  { id: 1003, parentId: 1000, userType: 'merchant', description: 'Products', href: '#/productList', icon: 'pi pi-box', objectName: OBJECTS.product },
  { id: 1004, parentId: 1000, userType: 'merchant', description: 'Product Groups', href: '#/productGroupSave', icon: 'pi pi-th-large', objectName: OBJECTS.productGroup },
  { id: 1005, parentId: 1000, userType: 'merchant', description: 'Product Tags', href: '#/productTagSave', icon: 'pi pi-tags', objectName: OBJECTS.productTag },
  { id: 1006, parentId: 1000, userType: 'merchant', description: 'Suppliers', href: '#/supplier', icon: 'pi pi-truck', objectName: OBJECTS.supplier },
  { id: 1010, parentId: 1000, userType: 'merchant', description: 'Web Menus', href: '#/webMenuList', icon: 'pi pi-globe', objectName: OBJECTS.webMenu },
  { id: 1011, parentId: 1000, userType: 'merchant', description: 'Mix and Match', href: '#/mixAndMatchList', icon: 'pi pi-gift', objectName: OBJECTS.mixAndMatch },
  { id: 1012, parentId: 1000, userType: 'merchant', description: 'Customers', href: '#/customer', icon: 'pi pi-id-card', objectName: OBJECTS.customer },
  // Live orders (spec 3 §2.1): shown to every user with a part in order handling (any Order privilege).
  { id: 1100, parentId: null, userType: 'merchant', description: 'Orders', href: null, icon: 'pi pi-shopping-cart' },
  { id: 1101, parentId: 1100, userType: 'merchant', description: 'Open Orders', href: '#/orders', icon: 'pi pi-inbox', objectName: OBJECTS.order },
  { id: 1102, parentId: 1100, userType: 'merchant', description: 'Order History', href: '#/orderHistory', icon: 'pi pi-history', objectName: OBJECTS.order },
  // Spec 3 §2.1 lists the sale report with the live-order routes.
  { id: 1103, parentId: 1100, userType: 'merchant', description: 'Sale Report', href: '#/salereport', icon: 'pi pi-chart-line', objectName: OBJECTS.saleReport },
  { id: 1800, parentId: null, userType: 'merchant', description: 'Settings', href: null, icon: 'pi pi-cog' },
  { id: 1801, parentId: 1800, userType: 'merchant', description: 'Branch Settings', href: '#/branchSettings', icon: 'pi pi-sliders-h', objectName: OBJECTS.branchSettings },
  { id: 1802, parentId: 1800, userType: 'merchant', description: 'Floor Plan', href: '#/floorPlanning', icon: 'pi pi-table', objectName: OBJECTS.restTable },
  { id: 1900, parentId: null, userType: 'merchant', description: 'Users', href: null, icon: 'pi pi-users' },
  { id: 1901, parentId: 1900, userType: 'merchant', description: 'Merchant Users', href: '#/merchantUserSave', icon: 'pi pi-user-edit', objectName: OBJECTS.merchantUser },
];

/** `excluded.<column>`: the value an upsert tried to insert, for its update half. */
const excluded = (column: { name: string }) => sql.raw(`excluded.${column.name}`);

/**
 * Applies the reference data in a handful of statements (one per table), not one per row: it runs
 * on every start, and a restart should be quick.
 */
export async function applyReferenceData(db: Db) {
  await db.transaction(async (tx) => {
    await tx
      .insert(role)
      .values(ROLES.map((r) => ({ id: r.id, name: r.name, roleGroup: r.roleGroup, description: r.description })))
      .onConflictDoUpdate({ target: role.id, set: { name: excluded(role.name), roleGroup: excluded(role.roleGroup), description: excluded(role.description) } });
    const privileges = ROLES.flatMap((r) => r.privileges.flatMap(([objectName, actions]) => actions.map((action) => ({ roleId: r.id, objectName, action }))));
    if (privileges.length) await tx.insert(rolePrivilege).values(privileges).onConflictDoNothing();
    // Keep the role id sequence past the fixed ids.
    await tx.execute(sql`select setval(pg_get_serial_sequence('role', 'id'), greatest((select max(id) from role), 1))`);
    await tx
      .insert(menuItem)
      .values(MENU.map((m) => ({ ...m, objectName: m.objectName ?? null, sortOrder: m.id })))
      .onConflictDoUpdate({
        target: menuItem.id,
        set: {
          parentId: excluded(menuItem.parentId),
          userType: excluded(menuItem.userType),
          description: excluded(menuItem.description),
          href: excluded(menuItem.href),
          icon: excluded(menuItem.icon),
          objectName: excluded(menuItem.objectName),
          sortOrder: excluded(menuItem.sortOrder),
        },
      });
    await tx.insert(systemParameter).values({ name: 'showCaptcha', value: 'true' }).onConflictDoNothing();
    await tx
      .insert(country)
      .values([...COUNTRY_LIST])
      .onConflictDoUpdate({ target: country.id, set: { name: excluded(country.name), code: excluded(country.code) } });
    await tx
      .insert(systemParameter)
      .values({ name: REFERENCE_DATA_PARAMETER, value: REFERENCE_DATA_VERSION })
      .onConflictDoUpdate({ target: systemParameter.name, set: { value: REFERENCE_DATA_VERSION } });
  });
}

/** The system parameter that records which version of the reference data a database holds. */
export const REFERENCE_DATA_PARAMETER = 'referenceDataVersion';

/**
 * This build's reference data, as a hash of the rows and of the statements that apply them: a new
 * role, privilege, menu entry or country, or a changed upsert, makes a new version.
 */
export const REFERENCE_DATA_VERSION = createHash('sha256')
  .update(JSON.stringify([ROLES, MENU, COUNTRY_LIST]))
  .update(applyReferenceData.toString())
  .digest('hex')
  .slice(0, 32);

/**
 * What a start needs to do, in one query: apply the reference data (when the database holds another
 * version, or none), and create the first admin or the demo data (when there is no admin user yet).
 */
export async function startState(db: Db): Promise<{ referenceDataCurrent: boolean; empty: boolean }> {
  const [row] = await db
    .select({
      version: sql<string | null>`(select ${systemParameter.value} from ${systemParameter} where ${systemParameter.name} = ${REFERENCE_DATA_PARAMETER})`,
      hasAdmin: sql<boolean>`exists (select 1 from ${adminUser})`,
    })
    .from(sql`(select 1) as one`);
  return { referenceDataCurrent: row.version === REFERENCE_DATA_VERSION, empty: !row.hasAdmin };
}
