import { type SQL, and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { fromHundredths } from '@tillpoint/contracts/price-calculator';
import { MENU_SORT_TYPES, type MenuSortType, TOP_LEVEL, type WebMenu, type WebMenuInput } from '@tillpoint/contracts/web-menu';
import type { Db } from '../../db/open-db';
import { branchSettings, product, webMenu, webMenuProductTag } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import type { FileStore } from '../../platform/files';
import { type TableColumns, loadTable } from '../../platform/table-load';
import { ownedBy } from '../../platform/tenancy';
import { replaceOrderedLinks } from '../../platform/ordered-links';
import type { TableLoadRequest } from '@tillpoint/contracts/table-load';

export type WebMenuRow = typeof webMenu.$inferSelect;

export const ownMenu = (s: Scope, extra?: SQL) => ownedBy(webMenu, s, extra);
/** The API's -1 is the database's null. */
export const parentCondition = (parentId: number) => (parentId === TOP_LEVEL ? isNull(webMenu.parentId) : eq(webMenu.parentId, parentId));
const sortOf = (v: string | null | undefined): MenuSortType => (MENU_SORT_TYPES as readonly string[]).includes(v ?? '') ? (v as MenuSortType) : 'DISPLAY_NUMBER';

/** How the top level is sorted: the branch's menu display type (Market Place tab). */
export async function topLevelSort(db: Db, s: Scope): Promise<MenuSortType> {
  const [row] = await db
    .select({ t: branchSettings.menuDisplayType })
    .from(branchSettings)
    .where(ownedBy(branchSettings, s));
  return sortOf(row?.t);
}

/** The order of a parent's children: by sorting number then name, or by name (the parent's submenu sorting). */
export const childOrder = (sort: MenuSortType) =>
  sort === 'NAME' ? [asc(sql`lower(${webMenu.name})`), asc(webMenu.id)] : [asc(webMenu.menuDisplayNo), asc(sql`lower(${webMenu.name})`), asc(webMenu.id)];

/** Records with their product, images, tags and the parent's sorting, read in a few batched queries. */
export async function toRecords(db: Db, files: FileStore, s: Scope, rows: WebMenuRow[]): Promise<WebMenu[]> {
  if (!rows.length) return [];
  const productIds = [...new Set(rows.map((r) => r.productId).filter((id): id is number => id !== null))];
  const parentIds = [...new Set(rows.map((r) => r.parentId).filter((id): id is number => id !== null))];
  const [products, tags, parents, top] = await Promise.all([
    productIds.length
      ? db
          .select({ id: product.id, name: product.name, barcode: product.barcode, webFileId: product.webFileId })
          .from(product)
          .where(and(eq(product.merchantAccountId, s.merchantAccountId), inArray(product.id, productIds)))
      : [],
    db
      .select({ menuId: webMenuProductTag.webMenuId, tagId: webMenuProductTag.tagId })
      .from(webMenuProductTag)
      .where(and(eq(webMenuProductTag.merchantAccountId, s.merchantAccountId), inArray(webMenuProductTag.webMenuId, rows.map((r) => r.id))))
      .orderBy(asc(webMenuProductTag.position)),
    parentIds.length
      ? db.select({ id: webMenu.id, sort: webMenu.menuDisplayType }).from(webMenu).where(ownMenu(s, inArray(webMenu.id, parentIds)))
      : [],
    rows.some((r) => r.parentId === null) ? topLevelSort(db, s) : Promise.resolve('DISPLAY_NUMBER' as MenuSortType),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const fileIds = [...rows.flatMap((r) => [r.webFileId, r.tillFileId]), ...products.map((p) => p.webFileId)].filter((id): id is number => id !== null);
  const metas = fileIds.length ? await files.meta(db, s.merchantAccountId, [...new Set(fileIds)]) : new Map();
  const parentSort = new Map(parents.map((p) => [p.id, sortOf(p.sort)]));
  return rows.map((r) => {
    const p = r.productId === null ? undefined : productById.get(r.productId);
    const web = r.webFileId === null ? undefined : metas.get(r.webFileId);
    const till = r.tillFileId === null ? undefined : metas.get(r.tillFileId);
    const productFile = p?.webFileId ? metas.get(p.webFileId) : undefined;
    const { merchantAccountId: _a, merchantBranchId: _b, webFileId: _w, tillFileId: _t, createdDate: _c, updatedDate: _u, ...rest } = r;
    return {
      ...rest,
      parentId: r.parentId ?? TOP_LEVEL,
      status: r.status as WebMenu['status'],
      productTags: tags.filter((t) => t.menuId === r.id).map((t) => t.tagId),
      fileType: web?.contentType ?? null,
      fileName: web?.fileName ?? null,
      fileTypeTill: till?.contentType ?? null,
      fileNameTill: till?.fileName ?? null,
      menuDisplayType: sortOf(r.menuDisplayType),
      menuDisplayTypeParent: r.parentId === null ? top : (parentSort.get(r.parentId) ?? 'DISPLAY_NUMBER'),
      productName: p?.name ?? null,
      productBarcode: p?.barcode ?? null,
      productFileType: productFile?.contentType ?? null,
    };
  });
}

export async function findMenuRow(db: Db, s: Scope, id: number): Promise<WebMenuRow | undefined> {
  const [row] = await db.select().from(webMenu).where(ownMenu(s, eq(webMenu.id, id)));
  return row;
}

/** A parent's children in the parent's order. */
export async function childRows(db: Db, s: Scope, parentId: number, extra?: SQL): Promise<WebMenuRow[]> {
  let sort: MenuSortType;
  if (parentId === TOP_LEVEL) sort = await topLevelSort(db, s);
  else sort = sortOf((await findMenuRow(db, s, parentId))?.menuDisplayType);
  return db.select().from(webMenu).where(ownMenu(s, and(parentCondition(parentId), extra))).orderBy(...childOrder(sort));
}

/** The sorting number after the last child of a parent (position -1: add at the end). */
export async function nextDisplayNo(db: Db, s: Scope, parentId: number): Promise<number> {
  const [row] = await db.select({ n: max(webMenu.menuDisplayNo) }).from(webMenu).where(ownMenu(s, parentCondition(parentId)));
  return row?.n === null || row?.n === undefined ? 1 : row.n + 1;
}

/** The columns an input writes (images and tags are written elsewhere). */
export function toRow(i: WebMenuInput) {
  const { productTags: _tags, parentId, ...rest } = i;
  return { ...rest, parentId: parentId === TOP_LEVEL ? null : parentId };
}

export async function setTags(tx: Db, s: Scope, menuId: number, tagIds: number[]) {
  await replaceOrderedLinks(tx, s, webMenuProductTag, webMenuProductTag.webMenuId, menuId, tagIds.map((tagId) => ({ webMenuId: menuId, tagId })));
}

const tableColumns: TableColumns = {
  id: { column: webMenu.id, kind: 'number' },
  name: { column: webMenu.name, kind: 'text' },
  status: { column: webMenu.status, kind: 'text' },
  parentId: { column: webMenu.parentId, kind: 'number' },
  productId: { column: webMenu.productId, kind: 'number' },
  hasSubMenu: { column: webMenu.hasSubMenu, kind: 'boolean' },
  webEnabled: { column: webMenu.webEnabled, kind: 'boolean' },
  menuDisplayNo: { column: webMenu.menuDisplayNo, kind: 'number' },
  productBarcode: { column: sql`(select ${product.barcode} from ${product} where ${product.merchantAccountId} = ${webMenu.merchantAccountId} and ${product.id} = ${webMenu.productId})`, kind: 'text' },
  hasImage: { column: sql`case when ${webMenu.webFileId} is null then 'no' else 'yes' end`, kind: 'text' },
};

/** The table load over the branch's menus (the list's 'Search Webmenu': barcode, has image). */
export function listMenus(db: Db, files: FileStore, s: Scope, request: TableLoadRequest) {
  return loadTable(
    tableColumns,
    webMenu.id,
    request,
    async (q) => toRecords(db, files, s, await db.select().from(webMenu).where(ownMenu(s, q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)),
    (where) => db.$count(webMenu, ownMenu(s, where)),
  );
}

/** Money of the storefront: pence to pounds. */
export const pounds = (pence: number | null | undefined) => (pence === null || pence === undefined ? null : fromHundredths(pence));
