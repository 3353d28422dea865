import { createHash } from 'node:crypto';
import { type SQL, and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@tillpoint/contracts/fields';
import { MESSAGES } from '@tillpoint/contracts/messages';
import {
  MENU_SEARCH_MIN,
  type MemberMenuItem,
  type MenuOptionGroup,
  OPTION_GROUP_KEYS,
  OPTION_GROUP_LABELS,
  type OptionGroupKey,
  type SetMenuItemDetails,
  TOP_LEVEL,
  WEB_MENU_IMAGE_TYPES,
  WEB_MENU_MEMBER_PATHS,
  memberMenuItemSchema,
  setMenuItemDetailsSchema,
} from '@tillpoint/contracts/web-menu';
import type { Db } from '../../db/open-db';
import { department, product, productGroupProduct, productProductTag, productTag, webMenu, webMenuProductTag } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { type FileStore, sendStoredFile } from '../../platform/files';
import { errorResponses } from '../../platform/route-kit';
import { activeOptionGroups } from '../../platform/option-groups';
import { type JsonEntry, sendJsonEntry } from '../../platform/json-compression';
import { publicStore } from '../../platform/public-store';
import { storeCache, useStoreChanges } from '../../platform/store-changes';
import { branchScope, ownedBy } from '../../platform/tenancy';
import type { PagePreload, StorePagePreloads } from '../../platform/web-app';
import { childOrder, pounds, topLevelSort } from './web-menu.repo';

/**
 * What the storefront reads of the web menu (spec 3 §7.5, issue 9): public, no token. Only ACTIVE
 * and webEnabled menus show, and items only with an ACTIVE, webEnabled product, read on every call
 * so a PASSIVE one vanishes at once; replies carry an ETag and a repeated call is answered 304.
 */
const parentMenu = alias(webMenu, 'parent_menu');
const visibleMenu = and(eq(webMenu.status, 'ACTIVE'), eq(webMenu.webEnabled, true));
const visibleItem = or(eq(webMenu.hasSubMenu, true), and(eq(product.status, 'ACTIVE'), eq(product.webEnabled, true)));

const itemColumns = {
  menu: webMenu,
  productName: product.name,
  productBarcode: product.barcode,
  price: product.price,
  webPrice: product.webPrice,
  oldPrice: product.oldPrice,
  description: product.description,
  weighable: product.weighable,
  unit: product.unit,
  productFileId: product.webFileId,
  ageRestricted: department.ageRestricted,
};
/** Menu rows with their product and its department (an item's product fields are null for a sub-menu). */
const itemRows = (db: Db) =>
  db
    .select(itemColumns)
    .from(webMenu)
    .leftJoin(product, and(eq(product.merchantAccountId, webMenu.merchantAccountId), eq(product.id, webMenu.productId)))
    .leftJoin(department, and(eq(department.merchantAccountId, product.merchantAccountId), eq(department.id, product.departmentId)));
type ItemRow = Awaited<ReturnType<typeof itemRows>>[number];
const visible = (s: Scope, where?: SQL) => ownedBy(webMenu, s, and(visibleMenu, visibleItem, where));

const visibleRows = (db: Db, s: Scope, where: SQL | undefined) => itemRows(db).where(visible(s, where));

/** Whether a parent is shown: the top level always, a menu when it is ACTIVE and webEnabled. */
async function parentVisible(db: Db, s: Scope, parentId: number) {
  if (parentId === TOP_LEVEL) return true;
  const [row] = await db
    .select({ id: webMenu.id })
    .from(webMenu)
    .where(ownedBy(webMenu, s, and(eq(webMenu.id, parentId), visibleMenu)));
  return row !== undefined;
}

async function sortOfParent(db: Db, s: Scope, parentId: number) {
  if (parentId === TOP_LEVEL) return topLevelSort(db, s);
  const [row] = await db
    .select({ t: webMenu.menuDisplayType })
    .from(webMenu)
    .where(and(eq(webMenu.merchantAccountId, s.merchantAccountId), eq(webMenu.id, parentId)));
  return row?.t === 'NAME' ? 'NAME' : 'DISPLAY_NUMBER';
}

const parentIs = (parentId: number) => (parentId === TOP_LEVEL ? isNull(webMenu.parentId) : eq(webMenu.parentId, parentId));

/** The names of the ACTIVE tags linked to menus or products (owner: the link's menu or product id), in the link's order. */
const activeTagNames = (
  db: Db,
  s: Scope,
  link: typeof webMenuProductTag | typeof productProductTag,
  owner: typeof webMenuProductTag.webMenuId | typeof productProductTag.productId,
  ownerIds: number[],
) =>
  db
    .select({ owner, name: productTag.name })
    .from(link)
    .innerJoin(productTag, and(eq(productTag.merchantAccountId, link.merchantAccountId), eq(productTag.id, link.tagId)))
    .where(and(eq(link.merchantAccountId, s.merchantAccountId), inArray(owner, ownerIds), eq(productTag.status, 'ACTIVE')))
    .orderBy(asc(link.position));

/** The storefront shape of rows, with their tags, 'Served With' text and image addresses, in a few batched reads. */
async function toItems(db: Db, files: FileStore, s: Scope, branchId: number, rows: ItemRow[], shortcuts = false): Promise<MemberMenuItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.menu.id);
  const productIds = [...new Set(rows.map((r) => r.menu.productId).filter((id): id is number => id !== null))];
  const servedWithGroups = [...new Set(rows.map((r) => r.menu.grpContent).filter((id): id is number => id !== null))];
  const [menuTags, productTags, servedWith, deeper] = await Promise.all([
    activeTagNames(db, s, webMenuProductTag, webMenuProductTag.webMenuId, ids),
    productIds.length ? activeTagNames(db, s, productProductTag, productProductTag.productId, productIds) : [],
    servedWithGroups.length
      ? db
          .select({ groupId: productGroupProduct.groupId, name: product.name })
          .from(productGroupProduct)
          .innerJoin(product, and(eq(product.merchantAccountId, productGroupProduct.merchantAccountId), eq(product.id, productGroupProduct.productId)))
          .where(and(eq(productGroupProduct.merchantAccountId, s.merchantAccountId), inArray(productGroupProduct.groupId, servedWithGroups), eq(product.status, 'ACTIVE')))
          .orderBy(asc(productGroupProduct.position))
      : [],
    shortcuts
      ? db
          .selectDistinct({ parentId: webMenu.parentId })
          .from(webMenu)
          .where(and(eq(webMenu.merchantAccountId, s.merchantAccountId), inArray(webMenu.parentId, ids), eq(webMenu.hasSubMenu, true), visibleMenu))
      : [],
  ]);
  const fileIds = [...new Set(rows.map((r) => r.menu.webFileId ?? r.productFileId).filter((id): id is number => id !== null))];
  const metas = fileIds.length ? await files.meta(db, s.merchantAccountId, fileIds) : new Map();
  const withDeeper = new Set(deeper.map((d) => d.parentId));
  return rows.map((r) => {
    const m = r.menu;
    const tagNames = [...menuTags.filter((t) => t.owner === m.id), ...(m.productId === null ? [] : productTags.filter((t) => t.owner === m.productId))].map((t) => t.name);
    const fileId = m.webFileId ?? r.productFileId;
    const meta = fileId === null ? undefined : metas.get(fileId);
    const pence = m.hasSubMenu ? null : (r.webPrice ?? r.price);
    const served = m.grpContent === null ? [] : servedWith.filter((g) => g.groupId === m.grpContent).map((g) => g.name);
    return {
      id: m.id,
      parentId: m.parentId ?? TOP_LEVEL,
      name: m.name,
      longname: m.longname,
      subTitle: m.subTitle,
      hasSubMenu: m.hasSubMenu,
      price: pounds(pence),
      oldPrice: m.hasSubMenu ? null : pounds(r.oldPrice),
      originalPrice: m.hasSubMenu ? null : pounds(r.price),
      itemPrice: pounds(pence),
      totalPrice: pounds(pence),
      quantity: 1,
      basketQuantity: 0,
      code: r.productBarcode,
      description: r.description,
      extraNotes: null,
      ageRestricted: r.ageRestricted ?? false,
      weighable: r.weighable ?? false,
      unit: r.unit,
      productId: m.productId,
      productName: r.productName,
      productBarcode: r.productBarcode,
      imageUrl: meta ? `/api/${WEB_MENU_MEMBER_PATHS.image(branchId, m.id, 'WEB')}?v=${meta.sha256.slice(0, 12)}` : null,
      content: null,
      fileType: meta?.contentType ?? null,
      fileName: meta?.fileName ?? null,
      tag1Name: tagNames[0] ?? null,
      tag2Name: tagNames[1] ?? null,
      tag3Name: tagNames[2] ?? null,
      tag4Name: tagNames[3] ?? null,
      tag5Name: tagNames[4] ?? null,
      grpContentText: served.length ? served.join(', ') : null,
      hasOptions: OPTION_GROUP_KEYS.some((k) => m[k] !== null),
      lastShortcuts: shortcuts ? !withDeeper.has(m.id) : false,
      color: m.color,
      background: m.background,
    };
  });
}

/** The option groups of an item, in the storefront's order, with their ACTIVE products and prices in pounds. */
async function optionGroups(db: Db, s: Scope, menu: typeof webMenu.$inferSelect): Promise<MenuOptionGroup[]> {
  const wanted = OPTION_GROUP_KEYS.map((key) => ({ key, id: menu[key] })).filter((g): g is { key: OptionGroupKey; id: number } => g.id !== null);
  if (!wanted.length) return [];
  const groupIds = [...new Set(wanted.map((g) => g.id))];
  const byId = await activeOptionGroups(db, s, groupIds);
  const labels: Record<OptionGroupKey, string> = {
    ...OPTION_GROUP_LABELS,
    grpOption1: menu.grpOption1Label,
    grpOption2: menu.grpOption2Label,
    grpOption3: menu.grpOption3Label,
    grpOption4: menu.grpOption4Label,
  };
  return wanted.flatMap(({ key, id }) => {
    const g = byId.get(id);
    if (!g) return [];
    return [
      {
        key,
        id: g.id,
        label: labels[key],
        text: g.name,
        selectionType: g.selectionType as MenuOptionGroup['selectionType'],
        pricingType: g.pricingType as MenuOptionGroup['pricingType'],
        price: pounds(g.price),
        zeroPriceLimit: g.zeroPriceLimit,
        // 'Served With' comes with the item (the customer may remove it); other choices start unpicked.
        products: g.products.map((p) => ({ id: p.id, name: p.name, price: pounds(p.webPrice ?? p.price) ?? 0, selectedValue: key === 'grpContent' })),
      },
    ];
  });
}

/** A reply as kept: the serialised body, its ETag and its compressed copies once asked for. */

const serialised = (body: unknown): JsonEntry => {
  const json = JSON.stringify(body);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"` };
};

/**
 * Replies with the body's ETag; 304 when the client's copy is current. PASSIVE changes show on the next
 * call: no max-age. A kept menu is compressed once for all the browsers that ask for it.
 */
function sendCached(req: FastifyRequest, reply: FastifyReply, body: JsonEntry) {
  reply.header('etag', body.etag).header('cache-control', 'public, no-cache');
  const header = req.headers['if-none-match'];
  if (header?.split(',').some((t) => t.trim().replace(/^W\//, '') === body.etag)) return reply.status(304).send();
  return sendJsonEntry(req, reply, body);
}

const branchParam = z.object({ branchId: idSchema });
const parentIdSchema = z
  .string()
  .regex(/^(-1|[1-9]\d{0,9})$/, { error: MESSAGES.emptyValues })
  .transform(Number)
  .pipe(z.number().max(2147483647, { error: MESSAGES.emptyValues }));

/**
 * The menu calls' replies, serialised with their ETag, kept until the account's store changes
 * (platform/store-changes.ts, listened to by webMenuMemberRoutes): a repeated call, or a 304, reads nothing.
 */
function keptMenu(db: Db, files: FileStore) {
  const scopeOf = async (branchId: number) => {
    const s = await branchScope(db, branchId);
    if (!s) throw notFound();
    return s;
  };
  const cache = storeCache<JsonEntry>(db, 'web-menu');
  const cached = (key: string, compute: () => Promise<{ body: unknown; accountId: number }>) =>
    cache.get(key, async () => {
      const { body, accountId } = await compute();
      return { value: serialised(body), accountId };
    });
  /** A parent's categories (its children with menus of their own). */
  const shortcuts = (branchId: number, parentId: number) =>
    cached(`shortcuts:${branchId}:${parentId}`, async () => {
      const s = await scopeOf(branchId);
      if (!(await parentVisible(db, s, parentId))) return { body: [], accountId: s.merchantAccountId };
      const rows = await visibleRows(db, s, and(parentIs(parentId), eq(webMenu.hasSubMenu, true))).orderBy(...childOrder(await sortOfParent(db, s, parentId)));
      return { body: await toItems(db, files, s, branchId, rows, true), accountId: s.merchantAccountId };
    });
  /** A parent's items. */
  const items = (branchId: number, parentId: number) =>
    cached(`items:${branchId}:${parentId}`, async () => {
      const s = await scopeOf(branchId);
      if (!(await parentVisible(db, s, parentId))) return { body: [], accountId: s.merchantAccountId };
      const rows = await visibleRows(db, s, and(parentIs(parentId), eq(webMenu.hasSubMenu, false))).orderBy(...childOrder(await sortOfParent(db, s, parentId)));
      return { body: await toItems(db, files, s, branchId, rows), accountId: s.merchantAccountId };
    });
  return { scopeOf, cached, shortcuts, items };
}

/**
 * What the store page reads of the web menu first, named with the page's HTML so it is fetched before
 * any script runs: the top level's shortcuts and items (store-page.tsx), and its largest paint, the
 * first category's image (the menu's categories, then the top level's shortcuts, the first fetched at
 * high priority). Read from the kept menu, and kept itself per domain name until the store changes: a
 * store's page loads read nothing; an unknown store gets nothing (and is not kept).
 */
export function storePageMenu(db: Db, files: FileStore): StorePagePreloads {
  const menu = keptMenu(db, files);
  const firstImage = storeCache<{ branchId: number; image: string | null } | null>(db, 'store-page-image');
  const parse = (entry: JsonEntry) => JSON.parse(entry.json) as MemberMenuItem[];
  return async (domainName) => {
    const kept = await firstImage.get(domainName.toLowerCase(), async () => {
      const store = await publicStore(db, { domainName });
      if (!store) return { value: null, accountId: undefined };
      const [items, shortcuts] = await Promise.all([menu.items(store.id, TOP_LEVEL).then(parse), menu.shortcuts(store.id, TOP_LEVEL).then(parse)]);
      const categories = items.filter((i) => i.hasSubMenu);
      const first = categories[0] ?? shortcuts.find((c) => !categories.some((m) => m.id === c.id));
      return { value: { branchId: store.id, image: first?.imageUrl ?? null }, accountId: store.merchantAccountId };
    });
    if (!kept) return [];
    const calls: PagePreload[] = [WEB_MENU_MEMBER_PATHS.shortcuts(kept.branchId), WEB_MENU_MEMBER_PATHS.items(kept.branchId, TOP_LEVEL)].map((path) => ({
      href: `/api/${path}`,
      as: 'fetch',
    }));
    return kept.image ? [{ href: kept.image, as: 'image', fetchPriority: 'high' }, ...calls] : calls;
  };
}

export function webMenuMemberRoutes(parent: FastifyInstance, db: Db, files: FileStore) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['WebMenu (storefront)'];
  const M = '/api/storemanagement/webmenumember/status/active/member/';
  const list = { 200: z.array(memberMenuItemSchema), ...errorResponses };
  useStoreChanges(parent, db);
  const { scopeOf, cached, shortcuts, items } = keptMenu(db, files);

  app.get(`${M}shortcuts/:branchId`, { schema: { tags, params: branchParam, response: list } }, async (req, reply) =>
    sendCached(req, reply, await shortcuts(req.params.branchId, TOP_LEVEL)),
  );
  app.get(
    `${M}shortcuts/:branchId/parentid/:parentId`,
    { schema: { tags, params: z.object({ branchId: idSchema, parentId: parentIdSchema }), response: list } },
    async (req, reply) => sendCached(req, reply, await shortcuts(req.params.branchId, req.params.parentId)),
  );
  app.get(`${M}:branchId/:parentId`, { schema: { tags, params: z.object({ branchId: idSchema, parentId: parentIdSchema }), response: list } }, async (req, reply) => {
    return sendCached(req, reply, await items(req.params.branchId, req.params.parentId));
  });
  app.get(
    `${M}:branchId/name/:text`,
    { schema: { tags, params: z.object({ branchId: idSchema, text: z.string().max(100, { error: MESSAGES.emptyValues }) }), response: list } },
    async (req, reply) => {
      const s = await scopeOf(req.params.branchId);
      const text = req.params.text.trim();
      // Spec 3 §5.2: the search runs only for more than 3 characters; shorter text finds nothing.
      if (text.length < MENU_SEARCH_MIN) return sendCached(req, reply, serialised([]));
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await itemRows(db)
        .leftJoin(parentMenu, and(eq(parentMenu.merchantAccountId, webMenu.merchantAccountId), eq(parentMenu.id, webMenu.parentId)))
        .where(
          visible(
            s,
            and(
              eq(webMenu.hasSubMenu, false),
              or(isNull(webMenu.parentId), and(eq(parentMenu.status, 'ACTIVE'), eq(parentMenu.webEnabled, true))),
              or(ilike(webMenu.name, like), ilike(webMenu.longname, like), ilike(product.name, like)),
            ),
          ),
        )
        .orderBy(asc(sql`lower(${webMenu.name})`), asc(webMenu.id))
        .limit(100);
      return sendCached(req, reply, serialised(await toItems(db, files, s, req.params.branchId, rows)));
    },
  );

  app.get(
    `/api/storemanagement/webmenumember/image/:branchId/:id/:type`,
    { schema: { tags, params: z.object({ branchId: idSchema, id: idSchema, type: z.enum(WEB_MENU_IMAGE_TYPES, { error: MESSAGES.emptyValues }) }) } },
    async (req, reply) => {
      const s = await scopeOf(req.params.branchId);
      const [row] = await visibleRows(db, s, eq(webMenu.id, req.params.id));
      const fileId = req.params.type === 'WEB' ? (row?.menu.webFileId ?? row?.productFileId) : row?.menu.tillFileId;
      if (!row || fileId === null || fileId === undefined) throw notFound();
      const file = await files.read(db, s.merchantAccountId, fileId);
      if (!file) throw notFound();
      return sendStoredFile(req, reply, file, { public: true });
    },
  );

  app.get(
    `/api/${WEB_MENU_MEMBER_PATHS.setMenuItemDetails(0).replace(/0$/, ':id')}`,
    { schema: { tags, params: z.object({ id: idSchema }), response: { 200: setMenuItemDetailsSchema, ...errorResponses } } },
    async (req, reply) => {
      const body = await cached(`details:${req.params.id}`, async () => {
        const [located] = await db
          .select({ merchantAccountId: webMenu.merchantAccountId, merchantBranchId: webMenu.merchantBranchId })
          .from(webMenu)
          .where(eq(webMenu.id, req.params.id));
        if (!located) throw notFound();
        const [row] = await visibleRows(db, located, eq(webMenu.id, req.params.id));
        if (!row || !(await parentVisible(db, located, row.menu.parentId ?? TOP_LEVEL))) throw notFound();
        const [item] = await toItems(db, files, located, located.merchantBranchId, [row]);
        const details: SetMenuItemDetails = { ...item, groups: await optionGroups(db, located, row.menu) };
        return { body: details, accountId: located.merchantAccountId };
      });
      return sendCached(req, reply, body);
    },
  );
}
