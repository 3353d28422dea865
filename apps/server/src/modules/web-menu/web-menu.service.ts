import { and, eq, inArray } from 'drizzle-orm';
import { TOP_LEVEL, WEB_MENU_MESSAGES, type WebMenu, type WebMenuDisplayInput, type WebMenuInput, type WebMenuTransferInput } from '@tillpoint/contracts/web-menu';
import type { Db } from '../../db/open-db';
import { device, product, productGroup, productTag, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import { ownedBy, requireOwned } from '../../platform/tenancy';
import { childRows, findMenuRow, nextDisplayNo, ownMenu, setTags, toRecords, toRow } from './web-menu.repo';

const GROUP_FIELDS = ['grpContent', 'grpContentX', 'grpMain', 'grpOption1', 'grpOption2', 'grpOption3', 'grpOption4', 'kitchenPrinterGrp1', 'kitchenPrinterGrp2', 'kitchenPrinterGrp3', 'kitchenPrinterGrp4'] as const;
const PRINTER_FIELDS = ['kitchenPrinter1', 'kitchenPrinter2', 'kitchenPrinter3', 'kitchenPrinter4'] as const;
/** How deep the tree may go: far beyond any real menu, and a bound on the ancestor walk. */
const MAX_DEPTH = 50;

/**
 * A parent that can hold items: the top level, or one of the branch's own menus with submenus
 * (another tenant's or a missing id is a 404, an item without submenus a 400).
 */
async function requireParent(db: Db, s: Scope, parentId: number) {
  if (parentId === TOP_LEVEL) return;
  const parent = await findMenuRow(db, s, parentId);
  if (!parent) throw notFound();
  if (!parent.hasSubMenu) throw badRequest(WEB_MENU_MESSAGES.parentNotMenu, [{ field: 'parentId', message: WEB_MENU_MESSAGES.parentNotMenu }]);
}

/** Every id a menu names must be the branch's own (404, nothing written); printers must be kitchen printers. */
async function requireReferences(db: Db, s: Scope, i: WebMenuInput) {
  await requireParent(db, s, i.parentId);
  await requireOwned(db, product, product, s, [i.productId]);
  await requireOwned(db, productGroup, productGroup, s, GROUP_FIELDS.map((f) => i[f]));
  await requireOwned(db, productTag, productTag, s, i.productTags);
  const printerIds = PRINTER_FIELDS.map((f) => i[f]).filter((id): id is number => id !== null);
  await requireOwned(db, device, device, s, printerIds);
  if (printerIds.length) {
    const kinds = await db
      .select({ kind: device.kind })
      .from(device)
      .where(and(eq(device.merchantAccountId, s.merchantAccountId), inArray(device.id, printerIds)));
    if (kinds.some((k) => k.kind !== 'KITCHEN')) throw badRequest(WEB_MENU_MESSAGES.notKitchenPrinter);
  }
}

/**
 * A menu cannot become its own ancestor: walking up from the new parent must not reach the menu
 * (409 with a clear message, nothing changed).
 */
async function refuseOwnAncestor(db: Db, s: Scope, menuId: number, newParentId: number) {
  let current: number | null = newParentId === TOP_LEVEL ? null : newParentId;
  for (let depth = 0; current !== null; depth++) {
    if (current === menuId || depth > MAX_DEPTH) throw conflict(WEB_MENU_MESSAGES.ownAncestor);
    const [row] = await db.select({ parentId: webMenu.parentId }).from(webMenu).where(ownMenu(s, eq(webMenu.id, current)));
    current = row?.parentId ?? null;
  }
}

export function webMenuService(files: FileStore) {
  const get = async (db: Db, s: Scope, id: number) => {
    const row = await findMenuRow(db, s, id);
    return row ? (await toRecords(db, files, s, [row]))[0] : undefined;
  };
  const getOrFail = async (db: Db, s: Scope, id: number) => {
    const record = await get(db, s, id);
    if (!record) throw notFound();
    return record;
  };

  return {
    get,
    create: (db: Db, s: Scope, input: WebMenuInput): Promise<WebMenu> =>
      db.transaction(async (tx) => {
        await requireReferences(tx, s, input);
        const [row] = await tx
          .insert(webMenu)
          .values({ ...toRow(input), merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId })
          .returning({ id: webMenu.id });
        await setTags(tx, s, row.id, input.productTags);
        return getOrFail(tx, s, row.id);
      }),
    update: (db: Db, s: Scope, id: number, input: WebMenuInput): Promise<WebMenu | undefined> =>
      db.transaction(async (tx) => {
        const existing = await findMenuRow(tx, s, id);
        if (!existing) return undefined;
        await requireReferences(tx, s, input);
        if ((existing.parentId ?? TOP_LEVEL) !== input.parentId) await refuseOwnAncestor(tx, s, id, input.parentId);
        // A menu that holds items keeps its submenus: turning it into a plain item would hide them.
        if (existing.hasSubMenu && !input.hasSubMenu && (await childRows(tx, s, id)).length) throw conflict(WEB_MENU_MESSAGES.hasChildren);
        await tx
          .update(webMenu)
          .set({ ...toRow(input), updatedDate: new Date() })
          .where(ownMenu(s, eq(webMenu.id, id)));
        await setTags(tx, s, id, input.productTags);
        return getOrFail(tx, s, id);
      }),
    /** Deletes a menu without children, and its images with it. */
    remove: (db: Db, s: Scope, id: number): Promise<boolean> =>
      db.transaction(async (tx) => {
        const existing = await findMenuRow(tx, s, id);
        if (!existing) return false;
        if ((await childRows(tx, s, id)).length) throw conflict(WEB_MENU_MESSAGES.hasChildren);
        await tx.delete(webMenu).where(ownMenu(s, eq(webMenu.id, id)));
        for (const fileId of [existing.webFileId, existing.tillFileId]) if (fileId !== null) await files.remove(tx, s.merchantAccountId, fileId);
        return true;
      }),
    setStatus: async (db: Db, s: Scope, id: number, status: string) => {
      const [row] = await db.update(webMenu).set({ status, updatedDate: new Date() }).where(ownMenu(s, eq(webMenu.id, id))).returning({ id: webMenu.id });
      return row ? get(db, s, id) : undefined;
    },
    /** A parent's children, in its order. */
    children: async (db: Db, s: Scope, parentId: number) => {
      if (parentId !== TOP_LEVEL && !(await findMenuRow(db, s, parentId))) throw notFound();
      return toRecords(db, files, s, await childRows(db, s, parentId));
    },
    /** Every menu that can hold items (the transfer's targets). */
    withSubMenus: async (db: Db, s: Scope) =>
      toRecords(db, files, s, await db.select().from(webMenu).where(ownMenu(s, eq(webMenu.hasSubMenu, true))).orderBy(webMenu.name, webMenu.id)),
    all: async (db: Db, s: Scope, onlyActive?: boolean) =>
      toRecords(db, files, s, await db.select().from(webMenu).where(ownMenu(s, onlyActive ? eq(webMenu.status, 'ACTIVE') : undefined)).orderBy(webMenu.id)),
    /**
     * PUT item/add/{parentId}/{productId}/{mainGroupId}: the product becomes the last item of the
     * menu (position -1), named after it; a main group (not -1) becomes the item's grpMain.
     */
    addItem: (db: Db, s: Scope, parentId: number, productId: number, mainGroupId: number): Promise<WebMenu> =>
      db.transaction(async (tx) => {
        await requireParent(tx, s, parentId);
        const [p] = await tx
          .select({ id: product.id, name: product.name })
          .from(product)
          .where(ownedBy(product, s, eq(product.id, productId)));
        if (!p) throw notFound();
        const grpMain = mainGroupId > 0 ? mainGroupId : null;
        await requireOwned(tx, productGroup, productGroup, s, [grpMain]);
        const [row] = await tx
          .insert(webMenu)
          .values({
            merchantAccountId: s.merchantAccountId,
            merchantBranchId: s.merchantBranchId,
            parentId: parentId === TOP_LEVEL ? null : parentId,
            productId: p.id,
            name: p.name,
            longname: p.name,
            hasSubMenu: false,
            grpMain,
            menuDisplayNo: await nextDisplayNo(tx, s, parentId),
          })
          .returning({ id: webMenu.id });
        return getOrFail(tx, s, row.id);
      }),
    /** PUT display: each card's name, sorting number and submenu sorting; all or nothing. */
    display: (db: Db, s: Scope, items: WebMenuDisplayInput): Promise<WebMenu[]> =>
      db.transaction(async (tx) => {
        const ids = [...new Set(items.map((i) => i.id))];
        const found = await tx.select({ id: webMenu.id }).from(webMenu).where(ownMenu(s, inArray(webMenu.id, ids)));
        if (found.length !== ids.length) throw notFound();
        for (const i of items) {
          await tx
            .update(webMenu)
            .set({ name: i.name, menuDisplayNo: i.menuDisplayNo, ...(i.menuDisplayType ? { menuDisplayType: i.menuDisplayType } : {}), updatedDate: new Date() })
            .where(ownMenu(s, eq(webMenu.id, i.id)));
        }
        return toRecords(tx, files, s, await tx.select().from(webMenu).where(ownMenu(s, inArray(webMenu.id, ids))).orderBy(webMenu.id));
      }),
    /** PUT transfer: moves menus under another parent, at its end; never under themselves (409). */
    transfer: (db: Db, s: Scope, input: WebMenuTransferInput): Promise<WebMenu[]> =>
      db.transaction(async (tx) => {
        const ids = [...new Set(input.ids)];
        const found = await tx.select({ id: webMenu.id }).from(webMenu).where(ownMenu(s, inArray(webMenu.id, ids)));
        if (found.length !== ids.length) throw notFound();
        await requireParent(tx, s, input.parentId);
        let next = await nextDisplayNo(tx, s, input.parentId);
        for (const id of ids) {
          await refuseOwnAncestor(tx, s, id, input.parentId);
          await tx
            .update(webMenu)
            .set({ parentId: input.parentId === TOP_LEVEL ? null : input.parentId, menuDisplayNo: next++, updatedDate: new Date() })
            .where(ownMenu(s, eq(webMenu.id, id)));
        }
        return toRecords(tx, files, s, await tx.select().from(webMenu).where(ownMenu(s, inArray(webMenu.id, ids))).orderBy(webMenu.id));
      }),
  };
}
export type WebMenuService = ReturnType<typeof webMenuService>;
