import { brotliDecompressSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberMenuItem, SetMenuItemDetails, WebMenu } from '@tillpoint/contracts/web-menu';
import { department, device, product, productGroup, productGroupProduct, productTag, tax, webMenu, webMenuProductTag } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ApiError, FORBIDDEN, NOT_FOUND, REQUIRED, catalogueWorld } from '../catalogue/catalogue-test-kit';

let w: Awaited<ReturnType<typeof catalogueWorld>>;
const B = 'storemanagement/webmenu/';
const M = 'storemanagement/webmenumember/status/active/member/';

/** A small catalogue for a scope: department, products (pence), groups, a tag and a kitchen and a receipt printer. */
async function seedCatalogue(db: typeof w.t.db, s: Scope, tag: string) {
  const k = { merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId };
  const [tx] = await db.insert(tax).values({ ...k, name: `VAT ${tag}`, rateBp: 2000 }).returning();
  const [dep] = await db.insert(department).values({ ...k, name: `Food ${tag}`, taxId: tx.id }).returning();
  const [drinks] = await db.insert(department).values({ ...k, name: `Drinks ${tag}`, taxId: tx.id, ageRestricted: true }).returning();
  const p = async (name: string, barcode: string, price: number, extra: Partial<typeof product.$inferInsert> = {}) =>
    (await db.insert(product).values({ ...k, name, barcode: `${barcode}${tag}`, departmentId: dep.id, price, ...extra }).returning())[0];
  const burger = await p('Burger', '100', 850, { webPrice: 900, oldPrice: 1000, description: 'Beef' });
  const fries = await p('Fries', '101', 250);
  const salad = await p('Side salad', '102', 300);
  const cola = await p('Cola', '103', 200, { departmentId: drinks.id });
  const beer = await p('Lager', '104', 450, { departmentId: drinks.id });
  const group = async (name: string, members: number[], extra: Partial<typeof productGroup.$inferInsert> = {}) => {
    const [g] = await db.insert(productGroup).values({ ...k, name, ...extra }).returning();
    await db.insert(productGroupProduct).values(members.map((productId, position) => ({ ...k, groupId: g.id, productId, position })));
    return g;
  };
  const sides = await group('Sides', [fries.id, salad.id]);
  const drinksGroup = await group('Drinks', [cola.id, beer.id], { selectionType: 'MULTIPLE', pricingType: 'SET_PRICE', price: 100, zeroPriceLimit: 1 });
  const [vegan] = await db.insert(productTag).values({ ...k, name: `Vegan ${tag}`, shortName: 'VG' }).returning();
  const [kitchen] = await db.insert(device).values({ ...k, name: `Kitchen ${tag}`, networkAddress: '10.0.0.5', kind: 'KITCHEN' }).returning();
  const [receipt] = await db.insert(device).values({ ...k, name: `Till ${tag}`, networkAddress: '10.0.0.6', kind: 'RECEIPT' }).returning();
  return { burger, fries, salad, cola, beer, sides, drinksGroup, vegan, kitchen, receipt };
}
let mine: Awaited<ReturnType<typeof seedCatalogue>>;
let theirs: Awaited<ReturnType<typeof seedCatalogue>>;
let branch: number;

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token?: string) => w.api<T>(method, path, body, token);
const create = (body: Record<string, unknown>, token?: string) => api<WebMenu>('POST', `${B}create`, body, token);
const publicGet = async <T>(path: string, etag?: string) => {
  const res = await w.t.app.inject({ method: 'GET', url: `/api/${path}`, headers: etag ? { 'if-none-match': etag } : {} });
  return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as T, headers: res.headers };
};
const menus = () => w.snapshot(webMenu, webMenuProductTag);

beforeAll(async () => {
  w = await catalogueWorld();
  branch = w.scope.merchantBranchId;
  mine = await seedCatalogue(w.t.db, w.scope, 'a');
  theirs = await seedCatalogue(w.t.db, { merchantAccountId: w.other.merchantAccountId, merchantBranchId: w.other.merchantBranchId }, 'b');
});
afterAll(() => w.t.close());

describe('web menu: the tree', () => {
  it('creates a top-level menu with the spec defaults and reads it back', async () => {
    const res = await create({ name: 'Mains' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      parentId: -1,
      name: 'Mains',
      status: 'ACTIVE',
      hasSubMenu: true,
      webEnabled: true,
      grpOption1Label: 'opt1',
      grpOption4Label: 'opt4',
      printOrder: 0,
      fontSize: '3.0vmin',
      fontWeight: 'bold',
      textAlign: 'center',
      flex: 1,
      menuStyleHeightFlex: 1,
      rowNo: 1,
      colNo: 1,
      borderRadius: '1vmin',
      pageSize: 1,
      rowSize: 1,
      pinned: false,
      condiment: false,
      menuDisplayType: 'DISPLAY_NUMBER',
      menuDisplayTypeParent: 'DISPLAY_NUMBER',
      productTags: [],
      fileName: null,
    });
    expect((await api<WebMenu>('GET', `${B}${res.body.id}`)).body).toEqual(res.body);
  });

  it('refuses a nameless menu and an item without a product, changing nothing', async () => {
    const before = await menus();
    const nameless = await create({ name: '  ' });
    expect(nameless).toMatchObject({ status: 400, body: { type: 'WARNING', details: REQUIRED } });
    const noProduct = await create({ name: 'Lonely item', hasSubMenu: false });
    expect(noProduct).toMatchObject({ status: 400, body: { type: 'WARNING', details: 'Product is missing!' } });
    expect(await menus()).toEqual(before);
  });

  it('builds a set item under a submenu with option groups, printers and tags', async () => {
    const mains = (await create({ name: 'Burgers' })).body;
    const sub = (await create({ name: 'Beef burgers', parentId: mains.id })).body;
    expect(sub.menuDisplayTypeParent).toBe('DISPLAY_NUMBER');
    const item = await create({
      name: 'Burger meal',
      parentId: sub.id,
      hasSubMenu: false,
      productId: mine.burger.id,
      grpContent: mine.sides.id,
      grpContentX: mine.sides.id,
      grpOption1: mine.drinksGroup.id,
      grpOption1Label: 'Drink',
      kitchenPrinter1: mine.kitchen.id,
      kitchenPrinterGrp1: mine.sides.id,
      productTags: [mine.vegan.id, mine.vegan.id],
    });
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ productName: 'Burger', productBarcode: '100a', grpOption1Label: 'Drink', grpOption2Label: 'opt2', productTags: [mine.vegan.id] });
    const children = await api<WebMenu[]>('GET', `${B}all/menu/sub/${sub.id}`);
    expect(children.body.map((c) => c.name)).toEqual(['Burger meal']);
    expect((await api<WebMenu[]>('GET', `${B}all/hassubmenu`)).body.map((m) => m.name)).toEqual(expect.arrayContaining(['Burgers', 'Beef burgers']));
    expect((await api<WebMenu[]>('GET', `${B}all/parent`)).body.map((m) => m.name)).not.toContain('Beef burgers');
  });

  it('a receipt printer is not a kitchen printer', async () => {
    const res = await create({ name: 'Wrong printer', kitchenPrinter1: mine.receipt.id });
    expect(res).toMatchObject({ status: 400, body: { details: 'Please choose a kitchen printer.' } });
  });

  it('PUT item/add puts the product last (position -1), named after it, with the main group', async () => {
    const menu = (await create({ name: 'Sides menu' })).body;
    const first = await api<WebMenu>('PUT', `${B}item/add/${menu.id}/${mine.fries.id}/-1`);
    const second = await api<WebMenu>('PUT', `${B}item/add/${menu.id}/${mine.salad.id}/${mine.sides.id}`);
    expect(first.body).toMatchObject({ parentId: menu.id, name: 'Fries', longname: 'Fries', hasSubMenu: false, productId: mine.fries.id, grpMain: null });
    expect(second.body).toMatchObject({ name: 'Side salad', grpMain: mine.sides.id });
    expect(second.body.menuDisplayNo).toBeGreaterThan(first.body.menuDisplayNo);
    expect((await api<WebMenu[]>('GET', `${B}all/menu/sub/${menu.id}`)).body.map((c) => c.name)).toEqual(['Fries', 'Side salad']);
    // An item cannot hold items.
    const intoItem = await api<ApiError>('PUT', `${B}item/add/${first.body.id}/${mine.salad.id}/-1`);
    expect(intoItem).toMatchObject({ status: 400, body: { details: 'Items can only be added to a menu that has submenus.' } });
  });

  it('PUT display reorders cards and saves their names; a blank name is refused', async () => {
    const menu = (await create({ name: 'Order me' })).body;
    const a = (await api<WebMenu>('PUT', `${B}item/add/${menu.id}/${mine.fries.id}/-1`)).body;
    const b = (await api<WebMenu>('PUT', `${B}item/add/${menu.id}/${mine.salad.id}/-1`)).body;
    const res = await api<WebMenu[]>('PUT', `${B}display`, [
      { id: a.id, name: 'Chips', menuDisplayNo: 5 },
      { id: b.id, name: 'Salad', menuDisplayNo: 1 },
    ]);
    expect(res.status).toBe(200);
    expect((await api<WebMenu[]>('GET', `${B}all/menu/sub/${menu.id}`)).body.map((c) => c.name)).toEqual(['Salad', 'Chips']);
    // Sorting by name ignores the numbers.
    await api('PUT', `${B}display`, [{ id: menu.id, name: 'Order me', menuDisplayNo: 0, menuDisplayType: 'NAME' }]);
    const byName = (await api<WebMenu[]>('GET', `${B}all/menu/sub/${menu.id}`)).body;
    expect(byName.map((c) => c.name)).toEqual(['Chips', 'Salad']);
    expect(byName[0].menuDisplayTypeParent).toBe('NAME');
    const before = await menus();
    const blank = await api<ApiError>('PUT', `${B}display`, [{ id: a.id, name: '', menuDisplayNo: 2 }]);
    expect(blank).toMatchObject({ status: 400, body: { details: 'Please fill the name field!' } });
    expect(await menus()).toEqual(before);
  });

  it('PUT transfer moves a menu under another; never under itself or its own submenu (409)', async () => {
    const top = (await create({ name: 'Top' })).body;
    const child = (await create({ name: 'Child', parentId: top.id })).body;
    const grandchild = (await create({ name: 'Grandchild', parentId: child.id })).body;
    const other = (await create({ name: 'Other' })).body;
    const moved = await api<WebMenu[]>('PUT', `${B}transfer`, { ids: [child.id], parentId: other.id });
    expect(moved.status).toBe(200);
    expect(moved.body[0].parentId).toBe(other.id);
    const before = await menus();
    for (const parentId of [child.id, grandchild.id]) {
      const res = await api<ApiError>('PUT', `${B}transfer`, { ids: [child.id], parentId });
      expect(res).toMatchObject({ status: 409, body: { type: 'ERROR', details: 'A menu cannot be moved under itself or one of its own submenus.' } });
    }
    const viaUpdate = await api<ApiError>('PUT', `${B}update`, { ...child, parentId: grandchild.id });
    expect(viaUpdate.status).toBe(409);
    expect(await menus()).toEqual(before);
    expect((await api<WebMenu[]>('PUT', `${B}transfer`, { ids: [child.id], parentId: -1 })).body[0].parentId).toBe(-1);
  });

  it('a menu with items cannot be deleted until they are moved; then it goes', async () => {
    const menu = (await create({ name: 'Full' })).body;
    const item = (await api<WebMenu>('PUT', `${B}item/add/${menu.id}/${mine.fries.id}/-1`)).body;
    expect(await api<ApiError>('DELETE', `${B}${menu.id}`)).toMatchObject({ status: 409, body: { details: 'This menu still has items. Move or delete them first.' } });
    expect((await api('DELETE', `${B}${item.id}`)).status).toBe(200);
    expect((await api('DELETE', `${B}${menu.id}`)).status).toBe(200);
    expect((await api('GET', `${B}${menu.id}`)).status).toBe(404);
  });

  it('PUT all is the table load, filtered by barcode and by has-image', async () => {
    const page = await api<{ data: WebMenu[]; totalCount: number }>('PUT', `${B}all`, {
      filter: [{ name: 'productBarcode', value: '101a', filterMatchMode: 'equals' }, { name: 'hasImage', value: 'no', filterMatchMode: 'equals' }],
      sort: [{ name: 'name', ascending: true }],
      pageNumber: 0,
      limit: 10,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    expect(page.body.data.every((m) => m.productBarcode === '101a')).toBe(true);
  });
});

describe('web menu: images', () => {
  it('uploads a web and a till image, refuses one over 50,000 bytes, removes one', async () => {
    const menu = (await create({ name: 'Pictured' })).body;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const upload = async (type: string, content: Buffer) => {
      const boundary = `----tp${randomBytes(6).toString('hex')}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await w.t.app.inject({
        method: 'PUT',
        url: `/api/${B}image/upload/${menu.id}/${type}`,
        headers: { authorization: `Bearer ${w.tok.owner}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      return { status: res.statusCode, body: res.json() };
    };
    expect((await upload('WEB', png)).body).toMatchObject({ fileName: 'a.png', fileType: 'image/png' });
    expect((await upload('TILL', png)).body).toMatchObject({ fileNameTill: 'a.png', fileTypeTill: 'image/png' });
    const big = await upload('WEB', Buffer.concat([png, Buffer.alloc(50_001)]));
    expect(big).toMatchObject({ status: 400, body: { details: 'Maximum upload size is 50K.' } });
    expect((await api<WebMenu>('PUT', `${B}image/remove/${menu.id}/TILL`)).body).toMatchObject({ fileNameTill: null, fileName: 'a.png' });
    const download = await w.t.app.inject({ method: 'GET', url: `/api/${B}image/download/${menu.id}/WEB`, headers: { authorization: `Bearer ${w.tok.owner}` } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);
  });
});

describe('web menu: another tenant’s ids and privileges', () => {
  it("another store's product, group, printer, tag or parent is a 404 with nothing changed", async () => {
    const parent = (await create({ name: 'Guarded' })).body;
    const theirMenu = (await create({ name: 'Theirs' }, w.tok.other)).body;
    const before = await menus();
    for (const body of [
      { name: 'x', hasSubMenu: false, productId: theirs.burger.id },
      { name: 'x', grpContent: theirs.sides.id },
      { name: 'x', grpOption2: theirs.drinksGroup.id },
      { name: 'x', kitchenPrinter2: theirs.kitchen.id },
      { name: 'x', productTags: [theirs.vegan.id] },
      { name: 'x', parentId: theirMenu.id },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      const upd = await api('PUT', `${B}update`, { ...parent, ...body });
      expect(upd.status, `update ${JSON.stringify(body)}`).toBe(404);
    }
    expect((await api('PUT', `${B}item/add/${parent.id}/${theirs.burger.id}/-1`)).status).toBe(404);
    expect((await api('PUT', `${B}item/add/${parent.id}/${mine.fries.id}/${theirs.sides.id}`)).status).toBe(404);
    expect((await api('PUT', `${B}item/add/${theirMenu.id}/${mine.fries.id}/-1`)).status).toBe(404);
    expect((await api('PUT', `${B}transfer`, { ids: [theirMenu.id], parentId: -1 })).status).toBe(404);
    expect((await api('PUT', `${B}transfer`, { ids: [parent.id], parentId: theirMenu.id })).status).toBe(404);
    expect((await api('PUT', `${B}display`, [{ id: theirMenu.id, name: 'Mine now', menuDisplayNo: 1 }])).status).toBe(404);
    expect((await api('GET', `${B}${theirMenu.id}`)).status).toBe(404);
    expect((await api('GET', `${B}all/menu/sub/${theirMenu.id}`)).status).toBe(404);
    expect((await api('DELETE', `${B}${theirMenu.id}`)).status).toBe(404);
    expect(await menus()).toEqual(before);
  });

  it('View reads, Add adds items and saves sorting, Create edits and transfers, Delete deletes', async () => {
    const menu = (await create({ name: 'Privileged' })).body;
    expect((await api('GET', `${B}all/parent`, undefined, w.tok.clerk)).status).toBe(200);
    expect((await api('GET', `${B}all/hassubmenu`, undefined, w.tok.staff)).status).toBe(200);
    const before = await menus();
    for (const [method, path, body] of [
      ['POST', `${B}create`, { name: 'Nope' }],
      ['PUT', `${B}update`, { ...menu, name: 'Nope' }],
      ['PUT', `${B}item/add/${menu.id}/${mine.fries.id}/-1`, undefined],
      ['PUT', `${B}display`, [{ id: menu.id, name: 'Nope', menuDisplayNo: 1 }]],
      ['PUT', `${B}transfer`, { ids: [menu.id], parentId: -1 }],
      ['PUT', `${B}${menu.id}/status/PASSIVE`, undefined],
      ['DELETE', `${B}${menu.id}`, undefined],
    ] as const) {
      const res = await api(method, path, body, w.tok.staff);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    expect(await menus()).toEqual(before);
    expect((await api('PUT', `${B}item/add/${menu.id}/${mine.fries.id}/-1`, undefined, w.tok.manager)).status).toBe(200);
    expect((await api('DELETE', `${B}${menu.id}`, undefined, w.tok.manager)).status).toBe(403);
    expect((await w.t.json('GET', `/api/${B}all/parent`)).status).toBe(401);
    expect((await api('GET', `${B}all/parent`, undefined, w.tok.admin)).status).toBe(403);
  });
});

describe('web menu: what the storefront reads', () => {
  let store: { cat: WebMenu; sub: WebMenu; meal: WebMenu; fries: WebMenu; cola: WebMenu };
  beforeAll(async () => {
    await w.t.db.delete(webMenu);
    const cat = (await create({ name: 'Food', menuDisplayNo: 1 })).body;
    const drinksCat = (await create({ name: 'Drinks', menuDisplayNo: 2 })).body;
    const sub = (await create({ name: 'Burgers', parentId: cat.id })).body;
    const meal = (
      await create({
        name: 'Burger meal',
        subTitle: 'With fries',
        parentId: cat.id,
        hasSubMenu: false,
        productId: mine.burger.id,
        grpContent: mine.sides.id,
        grpOption1: mine.drinksGroup.id,
        grpOption1Label: 'Drink',
        productTags: [mine.vegan.id],
      })
    ).body;
    const fries = (await api<WebMenu>('PUT', `${B}item/add/${cat.id}/${mine.fries.id}/-1`)).body;
    const cola = (await api<WebMenu>('PUT', `${B}item/add/${drinksCat.id}/${mine.cola.id}/-1`)).body;
    store = { cat, sub, meal, fries, cola };
  });

  it('shortcuts are the home level categories, with lastShortcuts on leaf categories', async () => {
    const res = await publicGet<MemberMenuItem[]>(`${M}shortcuts/${branch}`);
    expect(res.status).toBe(200);
    expect(res.body.map((i) => [i.name, i.lastShortcuts])).toEqual([
      ['Food', false],
      ['Drinks', true],
    ]);
    const inner = await publicGet<MemberMenuItem[]>(`${M}shortcuts/${branch}/parentid/${store.cat.id}`);
    expect(inner.body.map((i) => i.name)).toEqual(['Burgers']);
  });

  it('a category lists its items with storefront fields and money in pounds', async () => {
    const res = await publicGet<MemberMenuItem[]>(`${M}${branch}/${store.cat.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((i) => i.name)).toEqual(['Burger meal', 'Fries']);
    expect(res.body[0]).toMatchObject({
      name: 'Burger meal',
      subTitle: 'With fries',
      price: 9,
      itemPrice: 9,
      totalPrice: 9,
      originalPrice: 8.5,
      oldPrice: 10,
      quantity: 1,
      code: '100a',
      description: 'Beef',
      ageRestricted: false,
      tag1Name: 'Vegan a',
      grpContentText: 'Fries, Side salad',
      hasOptions: true,
      content: null,
    });
    expect(res.body[1]).toMatchObject({ price: 2.5, hasOptions: false, grpContentText: null });
    const drinks = await publicGet<MemberMenuItem[]>(`${M}${branch}/${store.cola.parentId}`);
    expect(drinks.body[0]).toMatchObject({ name: 'Cola', ageRestricted: true, price: 2 });
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the menu changes', async () => {
    const first = await publicGet<MemberMenuItem[]>(`${M}${branch}/${store.cat.id}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await publicGet(`${M}${branch}/${store.cat.id}`, etag);
    expect(again.status).toBe(304);
    await api('PUT', `${B}display`, [
      { id: store.fries.id, name: 'Chips', menuDisplayNo: 0 },
      { id: store.meal.id, name: 'Burger meal', menuDisplayNo: 5 },
    ]);
    const changed = await publicGet<MemberMenuItem[]>(`${M}${branch}/${store.cat.id}`, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.map((i) => i.name)).toEqual(['Chips', 'Burger meal']);
  });

  it('sends the same menu, with the same ETag, to a browser that accepts brotli, and answers its If-None-Match with 304', async () => {
    const url = `/api/${M}${branch}/${store.cat.id}`;
    const plain = await w.t.app.inject({ method: 'GET', url });
    const br = await w.t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.vary).toMatch(/accept-encoding/);
    const body = br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body;
    expect(JSON.parse(body)).toEqual(plain.json());
    const again = await w.t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('PASSIVE menus and products, and non-web ones, vanish at once', async () => {
    await api('PUT', `${B}${store.meal.id}/status/PASSIVE`);
    expect((await publicGet<MemberMenuItem[]>(`${M}${branch}/${store.cat.id}`)).body.map((i) => i.name)).toEqual(['Chips']);
    await api('PUT', `${B}${store.meal.id}/status/ACTIVE`);
    await w.t.db.update(product).set({ status: 'PASSIVE' }).where(eq(product.id, mine.fries.id));
    expect((await publicGet<MemberMenuItem[]>(`${M}${branch}/${store.cat.id}`)).body.map((i) => i.name)).toEqual(['Burger meal']);
    await w.t.db.update(product).set({ status: 'ACTIVE' }).where(eq(product.id, mine.fries.id));
    await api('PUT', `${B}${store.cat.id}/status/PASSIVE`);
    expect((await publicGet<MemberMenuItem[]>(`${M}shortcuts/${branch}`)).body.map((i) => i.name)).toEqual(['Drinks']);
    expect((await publicGet<MemberMenuItem[]>(`${M}${branch}/${store.cat.id}`)).body).toEqual([]);
    expect((await publicGet<MemberMenuItem[]>(`${M}${branch}/name/burger`)).body).toEqual([]);
    await api('PUT', `${B}${store.cat.id}/status/ACTIVE`);
    await api('PUT', `${B}update`, { ...store.meal, webEnabled: false });
    expect((await publicGet<MemberMenuItem[]>(`${M}${branch}/name/burger`)).body).toEqual([]);
    await api('PUT', `${B}update`, { ...store.meal, webEnabled: true });
  });

  it('search needs more than 3 characters and finds items by name', async () => {
    expect((await publicGet<MemberMenuItem[]>(`${M}${branch}/name/bur`)).body).toEqual([]);
    expect((await publicGet<MemberMenuItem[]>(`${M}${branch}/name/burg`)).body.map((i) => i.name)).toEqual(['Burger meal']);
    expect((await publicGet<MemberMenuItem[]>(`${M}${branch}/name/100%25`)).body).toEqual([]);
  });

  it('set menu details: the option groups with labels, products, prices, selection and pricing types', async () => {
    const res = await publicGet<SetMenuItemDetails>(`storemanagement/basket/setmenuitemdetails/id/${store.meal.id}`);
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual([
      {
        key: 'grpContent',
        id: mine.sides.id,
        label: 'Served With',
        text: 'Sides',
        selectionType: 'SINGLE',
        pricingType: 'PRODUCT_PRICE',
        price: null,
        zeroPriceLimit: null,
        products: [
          { id: mine.fries.id, name: 'Fries', price: 2.5, selectedValue: true },
          { id: mine.salad.id, name: 'Side salad', price: 3, selectedValue: true },
        ],
      },
      {
        key: 'grpOption1',
        id: mine.drinksGroup.id,
        label: 'Drink',
        text: 'Drinks',
        selectionType: 'MULTIPLE',
        pricingType: 'SET_PRICE',
        price: 1,
        zeroPriceLimit: 1,
        products: [
          { id: mine.cola.id, name: 'Cola', price: 2, selectedValue: false },
          { id: mine.beer.id, name: 'Lager', price: 4.5, selectedValue: false },
        ],
      },
    ]);
    expect((await publicGet(`storemanagement/basket/setmenuitemdetails/id/999999`)).status).toBe(404);
  });

  it('another branch id shows nothing of this store; an unknown branch is a 404', async () => {
    expect((await publicGet<MemberMenuItem[]>(`${M}shortcuts/${w.other.merchantBranchId}`)).body).toEqual([]);
    expect((await publicGet<MemberMenuItem[]>(`${M}${w.other.merchantBranchId}/${store.cat.id}`)).body).toEqual([]);
    expect((await publicGet(`${M}shortcuts/999999`)).status).toBe(404);
  });

  it('the till sync group carries the branch’s menus', async () => {
    const { webMenuModule } = await import('./web-menu.module');
    const rows = (await webMenuModule.syncGroups?.webMenu?.(w.t.db, w.scope)) as WebMenu[];
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Food', 'Drinks', 'Burger meal']));
    expect(rows.every((r) => typeof r.parentId === 'number')).toBe(true);
  });
});
