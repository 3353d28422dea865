import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, button, callApi, choose, closeToasts, eventually, expectToast, launch, signInOwner, signInViewer, snap } from './support';

type Row = { id: number; name: string };
type Product = Row & { barcode: string };
type MemberItem = { id: number; name: string; hasSubMenu: boolean };
type SetMenuDetails = MemberItem & { groups: { key: string; label: string; products: { name: string }[] }[] };

const OWN_ANCESTOR = 'A menu cannot be moved under itself or one of its own submenus.';
const SUCCESS = 'The operation was performed successfully.';

/**
 * The merchant's web menu (spec 2 §2, issue 9): build a menu with a submenu, items added by
 * barcode, name and product group, a set item with option groups; reorder and move items; and
 * see the storefront's public menu call serve them in that order. Also the card's name rule, the
 * refusal of a cycle, the trail kept across the editor, and what a view-only user sees.
 */
describe('web menu: list and editor', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let branchId: number;
  let products: Product[];
  let lunchId: number;

  const barcodeOf = (name: string) => (products.find((p) => p.name === name) as Product).barcode;
  const card = (name: string) => page.getByRole('article', { name, exact: true });
  const level = (name: string) => page.getByRole('region', { name, exact: true });
  /** The names of the cards on show, in order. */
  const cardNames = (region: Locator) => region.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  /** What the storefront reads (public, no token): a menu's items, and its categories (shortcuts). */
  const publicItems = async (parentId: number) => {
    const r = await callApi<MemberItem[]>('GET', `storemanagement/webmenumember/status/active/member/${branchId}/${parentId}`);
    expect(r.status).toBe(200);
    return r.body.map((i) => i.name);
  };
  const publicCategories = async (parentId: number) => {
    const path = parentId === -1 ? `shortcuts/${branchId}` : `shortcuts/${branchId}/parentid/${parentId}`;
    const r = await callApi<MemberItem[]>('GET', `storemanagement/webmenumember/status/active/member/${path}`);
    expect(r.status).toBe(200);
    return r.body.map((i) => i.name);
  };
  const menuId = async (parentId: number, name: string) => {
    const path = parentId === -1 ? 'storemanagement/webmenu/all/parent' : `storemanagement/webmenu/all/menu/sub/${parentId}`;
    const r = await callApi<Row[]>('GET', path, undefined, token);
    return (r.body.find((m) => m.name === name) as Row).id;
  };

  beforeAll(async () => {
    browser = await launch();
    ({ page, token } = await signInOwner(browser));
    branchId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { user: { merchantBranchId: number } }).user.merchantBranchId);
    products = (await callApi<Product[]>('GET', 'storemanagement/product/all', undefined, token)).body;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('builds a menu with a submenu and items added by barcode, name and product group', async () => {
    await page.goto(`${baseUrl()}/merchant/#/webMenuList`);
    await level('Top-level menus').getByRole('article').first().waitFor();
    await snap(page, 'web-menu-list-top');

    // A new top-level menu.
    await button(page, 'Add Menu').click();
    await page.getByRole('heading', { name: 'New Web Menu' }).waitFor();
    const editor = page.getByRole('region', { name: 'Web Menu', exact: true });
    expect(await editor.getByLabel('Parent', { exact: true }).inputValue()).toBe('Top level');
    await editor.getByLabel('Name', { exact: true }).fill('E2E Lunch Deals');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', SUCCESS);
    await eventually(() => page.url()).toContain('#webMenuList?1');
    await closeToasts(page);
    lunchId = await menuId(-1, 'E2E Lunch Deals');

    // Into it, and a submenu made there: the editor returns to the same place.
    await card('E2E Lunch Deals').getByRole('button', { name: 'SubMenu', exact: true }).click();
    await level('E2E Lunch Deals contents').waitFor();
    await button(page, 'Add Menu').click();
    await page.getByRole('heading', { name: 'New Web Menu' }).waitFor();
    await eventually(() => editor.getByLabel('Parent', { exact: true }).inputValue()).toBe('E2E Lunch Deals');
    await editor.getByLabel('Name', { exact: true }).fill('E2E Sandwiches');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', SUCCESS);
    await card('E2E Sandwiches').waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain('E2E Lunch Deals');
    await closeToasts(page);

    // Items: by barcode (Enter), by name (autocomplete), by product group (main group, then product).
    const add = page.getByRole('region', { name: 'Select Product', exact: true });
    await add.getByLabel('Barcode', { exact: true }).fill(barcodeOf('Fish & Chips'));
    await add.getByLabel('Barcode', { exact: true }).press('Enter');
    await card('Fish & Chips').waitFor();
    await add.getByLabel('Product Name', { exact: true }).pressSequentially('onion r', { delay: 30 });
    await page.locator('.p-autocomplete-panel').getByText('Onion Rings').click();
    await card('Onion Rings').waitFor();
    await choose(page, 'Main Group', 'Lunch Menu – Main');
    await choose(page, 'Group Product', 'Mushroom Risotto');
    await card('Mushroom Risotto').waitFor();
    await closeToasts(page);
    // Each went to the end of the menu (position -1).
    expect(await cardNames(level('E2E Lunch Deals contents'))).toEqual(['E2E Sandwiches', 'Fish & Chips', 'Onion Rings', 'Mushroom Risotto']);
    await snap(page, 'web-menu-list-inside');

    // 'Search Webmenu' narrows the menu's cards by barcode and by image.
    const search = page.getByRole('region', { name: 'Search Webmenu', exact: true });
    await search.getByLabel('Barcode', { exact: true }).fill(barcodeOf('Fish & Chips'));
    await eventually(() => cardNames(level('E2E Lunch Deals contents'))).toEqual(['Fish & Chips']);
    await search.getByText('1 item found').waitFor();
    await search.getByRole('button', { name: 'Clear', exact: true }).click();
    await eventually(() => cardNames(level('E2E Lunch Deals contents'))).toHaveLength(4);
    await choose(page, 'Has Image', 'Yes');
    await level('E2E Lunch Deals contents').getByText('No items match the search.').waitFor();
    await choose(page, 'Has Image', 'Any');
    await eventually(() => cardNames(level('E2E Lunch Deals contents'))).toHaveLength(4);
  });

  it('makes a set item with option groups, a kitchen printer and till styling', async () => {
    await button(page, 'Add Menu').click();
    await page.getByRole('heading', { name: 'New Web Menu' }).waitFor();
    const editor = page.getByRole('region', { name: 'Web Menu', exact: true });
    await editor.getByLabel('Has Sub Menu', { exact: true }).click();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    await editor.getByLabel('Name', { exact: true }).fill('E2E Burger Deal');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Product is missing!');
    await closeToasts(page);

    // Choosing a product fills the names; the clear button empties them.
    const picker = editor.getByRole('region', { name: 'Product', exact: true });
    await picker.getByLabel('Barcode', { exact: true }).fill(barcodeOf('Classic Beef Burger'));
    await picker.getByLabel('Barcode', { exact: true }).press('Enter');
    await eventually(() => editor.getByLabel('Name', { exact: true }).inputValue()).toBe('Classic Beef Burger');
    expect(await editor.getByLabel('Long Name', { exact: true }).inputValue()).toBe('Classic Beef Burger');
    await editor.getByRole('button', { name: 'Clear product', exact: true }).click();
    expect(await editor.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    await picker.getByLabel('Barcode', { exact: true }).fill(barcodeOf('Classic Beef Burger'));
    await picker.getByLabel('Barcode', { exact: true }).press('Enter');
    await editor.getByRole('figure', { name: 'Chosen product' }).getByText('Classic Beef Burger').waitFor();
    await editor.getByLabel('Name', { exact: true }).fill('E2E Burger Deal');

    await choose(page, 'Served With', 'Burger Sides');
    await choose(page, 'Option 1', 'Meal Deal Drink');
    await editor.getByLabel('Option 1 Label', { exact: true }).fill('Drink');
    expect(await editor.getByLabel('Option 2 Label', { exact: true }).inputValue()).toBe('opt2');
    await choose(page, 'Kitchen Printer 1', 'Kitchen printer');
    await page.getByRole('heading', { name: 'New Web Menu' }).scrollIntoViewIfNeeded();
    await snap(page, 'web-menu-editor');

    // The group opens in the product group editor as a dialog.
    await editor.getByRole('button', { name: 'Open the Served With group', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Product Group' });
    await eventually(() => dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Burger Sides');
    await dialog.getByRole('row', { name: /Onion Rings/ }).waitFor();
    await snap(page, 'web-menu-group-dialog', { dialog: true });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Till styling keeps the spec's defaults until changed.
    await page.getByText('Till', { exact: true }).click();
    expect(await editor.getByLabel('Font Size', { exact: true }).inputValue()).toBe('3.0vmin');
    expect(await editor.getByLabel('Border Radius', { exact: true }).inputValue()).toBe('1vmin');
    await editor.getByLabel('Background', { exact: true }).fill('#fde68a');
    await editor.getByLabel('Condiment', { exact: true }).scrollIntoViewIfNeeded();
    await snap(page, 'web-menu-editor-till');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', SUCCESS);
    await level('E2E Lunch Deals contents').waitFor();
    await card('E2E Burger Deal').waitFor();
    await closeToasts(page);

    const burgerId = await menuId(lunchId, 'E2E Burger Deal');
    const saved = await callApi<Record<string, unknown>>('GET', `storemanagement/webmenu/${burgerId}`, undefined, token);
    expect(saved.body).toMatchObject({ hasSubMenu: false, productName: 'Classic Beef Burger', longname: 'Classic Beef Burger', grpOption1Label: 'Drink', grpOption2Label: 'opt2', fontSize: '3.0vmin', fontWeight: 'bold', textAlign: 'center', background: '#fde68a' });
    // The storefront reads its option groups.
    const details = await callApi<SetMenuDetails>('GET', `storemanagement/basket/setmenuitemdetails/id/${burgerId}`);
    expect(details.status).toBe(200);
    expect(details.body.groups.map((g) => [g.key, g.label])).toEqual([
      ['grpContent', 'Served With'],
      ['grpOption1', 'Drink'],
    ]);
    expect(details.body.groups[0]?.products.map((p) => p.name)).toContain('Onion Rings');

    // Details, Edit, Cancel: back to the same menu of the list.
    await card('E2E Burger Deal').getByRole('button', { name: 'Details', exact: true }).click();
    await page.getByRole('heading', { name: 'E2E Burger Deal' }).waitFor();
    await editor.getByRole('button', { name: 'Edit', exact: true }).click();
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await level('E2E Lunch Deals contents').waitFor();
    await eventually(() => page.url()).toContain('#webMenuList?1');
  });

  it('reorders and moves items, and the storefront serves them in that order', async () => {
    const lunch = level('E2E Lunch Deals contents');
    // New menus sort first (sorting number 0), then by name.
    expect(await cardNames(lunch)).toEqual(['E2E Burger Deal', 'E2E Sandwiches', 'Fish & Chips', 'Onion Rings', 'Mushroom Risotto']);
    await button(page, 'Move Mushroom Risotto up').click();
    await eventually(() => cardNames(lunch)).toEqual(['E2E Burger Deal', 'E2E Sandwiches', 'Fish & Chips', 'Mushroom Risotto', 'Onion Rings']);
    await button(page, 'Move E2E Burger Deal down').click();
    await eventually(() => cardNames(lunch)).toEqual(['E2E Sandwiches', 'E2E Burger Deal', 'Fish & Chips', 'Mushroom Risotto', 'Onion Rings']);
    // Or dragged by its handle onto another card's place.
    await card('Onion Rings').locator('.web-menu-drag').dragTo(card('Mushroom Risotto'));
    await eventually(() => cardNames(lunch)).toEqual(['E2E Sandwiches', 'E2E Burger Deal', 'Fish & Chips', 'Onion Rings', 'Mushroom Risotto']);
    // The storefront reads the items in this order, and the submenu as a category.
    await eventually(() => publicItems(lunchId)).toEqual(['E2E Burger Deal', 'Fish & Chips', 'Onion Rings', 'Mushroom Risotto']);
    expect(await publicCategories(lunchId)).toEqual(['E2E Sandwiches']);

    // Onion Rings moves into the submenu.
    await button(page, 'Move Onion Rings to another menu').click();
    const move = page.getByRole('dialog', { name: 'Move Onion Rings' });
    await choose(page, 'New Parent', 'E2E Sandwiches');
    await snap(page, 'web-menu-move-dialog', { dialog: true });
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expectToast(page, 'Success', SUCCESS);
    await eventually(() => cardNames(lunch)).toEqual(['E2E Sandwiches', 'E2E Burger Deal', 'Fish & Chips', 'Mushroom Risotto']);
    await closeToasts(page);
    const sandwichesId = await menuId(lunchId, 'E2E Sandwiches');
    expect(await publicItems(sandwichesId)).toEqual(['Onion Rings']);
    expect(await publicItems(lunchId)).toEqual(['E2E Burger Deal', 'Fish & Chips', 'Mushroom Risotto']);

    // Delete asks first; a menu that still holds items stays, an item goes.
    const editor = page.getByRole('region', { name: 'Web Menu', exact: true });
    const yes = () => page.getByRole('alertdialog').getByRole('button', { name: 'Yes', exact: true }).click();
    await card('E2E Sandwiches').getByRole('button', { name: 'Details', exact: true }).click();
    await page.getByRole('heading', { name: 'E2E Sandwiches' }).waitFor();
    await editor.getByRole('button', { name: 'Delete', exact: true }).click();
    await yes();
    await expectToast(page, 'Error', 'This menu still has items. Move or delete them first.');
    await closeToasts(page);
    await page.getByRole('main').getByRole('link', { name: 'Web Menus' }).click();
    await card('Mushroom Risotto').getByRole('button', { name: 'Details', exact: true }).click();
    await page.getByRole('heading', { name: 'Mushroom Risotto' }).waitFor();
    await editor.getByRole('button', { name: 'Delete', exact: true }).click();
    await yes();
    await expectToast(page, 'Success', SUCCESS);
    await eventually(() => cardNames(lunch)).toEqual(['E2E Sandwiches', 'E2E Burger Deal', 'Fish & Chips']);
    expect(await publicItems(lunchId)).toEqual(['E2E Burger Deal', 'Fish & Chips']);
    await closeToasts(page);

    // A menu cannot go under its own submenu: the server's words, nothing moved.
    await page.getByRole('button', { name: 'Top level', exact: true }).click();
    await level('Top-level menus').waitFor();
    await button(page, 'Move E2E Lunch Deals to another menu').click();
    await choose(page, 'New Parent', 'E2E Sandwiches');
    await page.getByRole('dialog', { name: 'Move E2E Lunch Deals' }).getByRole('button', { name: 'Move', exact: true }).click();
    await expectToast(page, 'Error', OWN_ANCESTOR);
    await page.getByRole('dialog', { name: 'Move E2E Lunch Deals' }).getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await publicCategories(-1)).toContain('E2E Lunch Deals');
    expect(await publicCategories(lunchId)).toEqual(['E2E Sandwiches']);
    await closeToasts(page);
  });

  it('saves a card and refuses an empty name', async () => {
    await page.goto(`${baseUrl()}/merchant/#/webMenuList`);
    const lunchCard = card('E2E Lunch Deals');
    await lunchCard.getByLabel('Name', { exact: true }).fill('');
    await lunchCard.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please fill the name field!');
    expect(await publicCategories(-1)).toContain('E2E Lunch Deals');
    await closeToasts(page);
    await lunchCard.getByLabel('Name', { exact: true }).fill('E2E Lunch Deals');
    await lunchCard.getByLabel('Submenu Sorting', { exact: true }).waitFor();
    await lunchCard.getByLabel('Sorting Number', { exact: true }).fill('99');
    await lunchCard.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', SUCCESS);
    await eventually(async () => (await cardNames(level('Top-level menus'))).at(-1)).toBe('E2E Lunch Deals');
    await eventually(async () => (await publicCategories(-1)).at(-1)).toBe('E2E Lunch Deals');
    await closeToasts(page);

    // The side menu's plain address starts at the top; ?1 returns to the last place.
    await card('E2E Lunch Deals').getByRole('button', { name: 'SubMenu', exact: true }).click();
    await level('E2E Lunch Deals contents').waitFor();
    await page.goto(`${baseUrl()}/merchant/#/productList`);
    await page.goto(`${baseUrl()}/merchant/#webMenuList?1`);
    await level('E2E Lunch Deals contents').waitFor();
    await page.goto(`${baseUrl()}/merchant/#/webMenuList`);
    await level('Top-level menus').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await card('E2E Lunch Deals').getByRole('button', { name: 'SubMenu', exact: true }).click();
    await card('Fish & Chips').waitFor();
    await snap(page, 'web-menu-list-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows a view-only user the cards without Add Menu, Save, Details or moves', async () => {
    const { context, page: viewerPage } = await signInViewer(browser, token, branchId, 'e2e-menu-viewer');
    try {
      await viewerPage.goto(`${baseUrl()}/merchant/#/webMenuList`);
      const lunch = viewerPage.getByRole('article', { name: 'E2E Lunch Deals', exact: true });
      await lunch.getByRole('heading', { name: 'E2E Lunch Deals' }).waitFor();
      expect(await viewerPage.getByRole('button', { name: 'Add Menu', exact: true }).count()).toBe(0);
      expect(await lunch.getByRole('button').count()).toBe(0);
      expect(await lunch.getByRole('textbox').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
