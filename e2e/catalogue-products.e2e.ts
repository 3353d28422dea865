import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, button, callApi, choose, closeToasts, eventually, expectToast, launch, snap, signInOwner } from './support';

type Row = { id: number; name: string };
type Product = Row & { barcode: string; productTags: number[]; currentStock: number; fileName: string | null; departmentId: number };

/** A real PNG of w×h pixels in one colour (the server checks an image by its content). */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const eanCheck = (code: string) => {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
};

/**
 * Products, tags and groups (spec 2): the owner makes a tag with an image, a product with an image
 * and two tags (seen in the list), three products in the Bulk Create dialog with generated
 * barcodes, changes stock in its own mode, and builds a product group from a barcode and a name.
 */
describe('catalogue: products, tags and groups', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let mainsId: number;
  let falafel: Product;
  const bulkBarcodes: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    ({ page, token } = await signInOwner(browser));
    const taxes = await callApi<Row[]>('GET', 'storemanagement/tax/all', undefined, token);
    const standard = taxes.body.find((t) => t.name === 'Standard') as Row;
    const made = await callApi<Row>('POST', 'storemanagement/department/create', { name: 'E2E Street Food', tax: standard.id, profitMargin: 40 }, token);
    expect(made.status).toBe(200);
    mainsId = made.body.id;
    const tag = await callApi<Row>('POST', 'storemanagement/tag/create', { name: 'E2E Spicy', shortName: 'HOT', tagColor: '#d32f2f' }, token);
    expect(tag.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const go = async (hash: string) => page.goto(`${baseUrl()}/merchant/${hash}`);
  const products = async () => (await callApi<{ data: Product[] }>('PUT', 'storemanagement/product/all', { filter: [{ name: 'name', value: 'E2E', filterMatchMode: 'contains' }], sort: [], pageNumber: 0, limit: -1 }, token)).body.data;

  it('creates a tag with a colour and an image, refusing an image over 50K first', async () => {
    await go('#/productTagSave');
    const form = region('Product Tag');
    await form.waitFor();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByLabel('Name', { exact: true }).fill('E2E Vegan');
    await form.getByLabel('Short Name', { exact: true }).fill('VG');
    await form.getByLabel('Colour', { exact: true }).fill('#2e7d32');
    await form.getByLabel('Image', { exact: true }).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(60_000, 1) });
    await expectToast(page, 'Warning', 'Maximum upload size is 50K.');
    await form.getByLabel('Image', { exact: true }).setInputFiles({ name: 'vegan.png', mimeType: 'image/png', buffer: png(48, 48, [46, 125, 50]) });
    await form.getByRole('img', { name: 'Image preview' }).waitFor();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await region('Product Tags').getByLabel('Filter Name', { exact: true }).fill('E2E');
    await region('Product Tags').getByRole('row', { name: /E2E Vegan/ }).waitFor();
    const tags = await callApi<(Row & { fileName: string | null; tagColor: string })[]>('GET', 'storemanagement/tag/all', undefined, token);
    expect(tags.body.find((t) => t.name === 'E2E Vegan')).toMatchObject({ tagColor: '#2e7d32', fileName: 'vegan.png' });
    await snap(page, 'catalogue-tags');
    await closeToasts(page);
  });

  it('removes a tag image on save, and Cancel keeps it', async () => {
    const form = region('Product Tag');
    await region('Product Tags').getByRole('row', { name: /E2E Vegan/ }).click();
    const preview = form.getByRole('img', { name: 'Image preview' });
    await eventually(() => preview.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(48);
    await form.getByRole('button', { name: 'Edit', exact: true }).click();
    await form.getByRole('button', { name: 'Remove Image', exact: true }).click();
    await preview.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await preview.waitFor();

    await form.getByRole('button', { name: 'Edit', exact: true }).click();
    await form.getByRole('button', { name: 'Remove Image', exact: true }).click();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await eventually(() => form.getByRole('button', { name: 'Edit', exact: true }).isVisible()).toBe(true);
    expect(await preview.count()).toBe(0);
    const tags = await callApi<(Row & { fileName: string | null })[]>('GET', 'storemanagement/tag/all', undefined, token);
    expect(tags.body.find((t) => t.name === 'E2E Vegan')?.fileName).toBeNull();
    await closeToasts(page);
  });

  it('creates a product with tags and a web image, and finds it in the list', async () => {
    await go('#/productList');
    await region('Products').waitFor();
    await button(page, 'Add').click();
    const form = region('Product');
    await page.getByRole('heading', { name: 'New Product' }).waitFor();
    const field = (label: string) => form.getByLabel(label, { exact: true });
    await form.getByRole('button', { name: 'Generate Barcode', exact: true }).click();
    await eventually(() => field('Barcode').inputValue()).toMatch(/^\d{13}$/);
    // 12 digits or more: the barcode type, digit and code length show (spec 2 §4).
    await field('Barcode Type').waitFor({ state: 'attached' });
    await field('Name').fill('E2E Falafel Wrap');
    await choose(page, 'Department', 'E2E Street Food');
    await page.locator('.p-multiselect', { has: page.getByLabel('Product Tag', { exact: true }) }).click();
    const panel = page.locator('.p-multiselect-panel');
    await panel.getByRole('option', { name: 'E2E Vegan' }).click();
    await panel.getByRole('option', { name: 'E2E Spicy' }).click();
    await page.keyboard.press('Escape');
    await field('Till Price').fill('7.5');
    await form.getByRole('button', { name: 'Calculate', exact: true }).click();
    await eventually(() => field('Web Price').inputValue()).toBe('7.5');
    // The calculator follows the typing: box of 10 for £30 with 20% tax, a 40% margin (the department's).
    await field('Box Price').fill('30');
    await field('Box Quantity').fill('10');
    await eventually(() => form.getByText('Retail Price').locator('..').locator('dd').textContent()).toBe('£5.04');
    expect(await form.getByText('Unit Cost', { exact: true }).locator('..').locator('dd').textContent()).toBe('£3.00');
    expect(await form.getByText('Actual Margin').locator('..').locator('dd').textContent()).toBe('108.33%');
    expect(await field('Profit Margin').inputValue()).toBe('40');
    await field('Image(Web)').setInputFiles({ name: 'falafel.png', mimeType: 'image/png', buffer: png(64, 64, [200, 150, 60]) });
    await form.getByRole('img', { name: 'Image(Web) preview' }).waitFor();
    await snap(page, 'catalogue-product-new');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await eventually(() => page.url()).toMatch(/#\/productList$/);

    const list = region('Products');
    await list.getByLabel('Filter Name', { exact: true }).fill('Falafel');
    await list.getByRole('row', { name: /E2E Falafel Wrap/ }).waitFor();
    expect(await list.getByRole('row', { name: /E2E Falafel Wrap/ }).textContent()).toContain('£7.50');
    falafel = (await products()).find((p) => p.name === 'E2E Falafel Wrap') as Product;
    expect(falafel.productTags).toHaveLength(2);
    expect(falafel.fileName).toBe('falafel.png');
    expect(falafel.departmentId).toBe(mainsId);
    await snap(page, 'catalogue-product-list');
    await closeToasts(page);

    // Opened again: the stored image is shown, read with the session's token.
    await list.getByRole('row', { name: /E2E Falafel Wrap/ }).click();
    await page.getByRole('heading', { name: 'E2E Falafel Wrap' }).waitFor();
    const img = region('Product').getByRole('img', { name: 'Image(Web) preview' });
    await img.waitFor();
    await eventually(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(64);
  });

  it('changes stock in its own mode: a delivery, then expired stock', async () => {
    const stock = region('Stock Management');
    const current = () => stock.getByTestId('current-stock').textContent();
    expect(await current()).toBe('0');
    await stock.getByRole('button', { name: 'Edit Stock', exact: true }).click();
    await choose(page, 'Stock Operation', 'Add Stock');
    await eventually(() => stock.locator('.p-dropdown', { has: page.getByLabel('Reason', { exact: true }) }).locator('.p-dropdown-label').textContent()).toBe('Delivery');
    await stock.getByLabel('Amount', { exact: true }).fill('12');
    await stock.getByRole('button', { name: 'Save Stock', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await eventually(current).toBe('12');
    await closeToasts(page);

    await stock.getByRole('button', { name: 'Edit Stock', exact: true }).click();
    await choose(page, 'Stock Operation', 'Drop Stock');
    await eventually(() => stock.locator('.p-dropdown', { has: page.getByLabel('Reason', { exact: true }) }).locator('.p-dropdown-label').textContent()).toBe('Expired');
    await stock.getByLabel('Amount', { exact: true }).fill('2');
    await snap(page, 'catalogue-product-stock');
    await stock.getByRole('button', { name: 'Save Stock', exact: true }).click();
    await eventually(current).toBe('10');
    expect(await stock.getByRole('button', { name: 'Edit Stock', exact: true }).isVisible()).toBe(true);
    const saved = await callApi<Product>('GET', `storemanagement/product/${falafel.id}`, undefined, token);
    expect(saved.body.currentStock).toBe(10);
    await closeToasts(page);
  });

  it('Save And Copy starts a copy without id and barcode; Delete asks the product question', async () => {
    const form = region('Product');
    const field = (label: string) => form.getByLabel(label, { exact: true });
    await form.getByRole('button', { name: 'Edit', exact: true }).click();
    await form.getByRole('button', { name: 'Save And Copy', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    // The copy: a new product (no Delete, the page says New), the same fields, no barcode.
    await eventually(() => field('Barcode').inputValue()).toBe('');
    expect(await field('Name').inputValue()).toBe('E2E Falafel Wrap');
    expect(await field('Till Price').inputValue()).toBe('7.5');
    expect(await form.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await field('Name').fill('E2E Falafel Box');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    await field('Barcode').fill('5012345678900');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => page.url()).toMatch(/#\/productList$/);
    const copy = (await products()).find((p) => p.name === 'E2E Falafel Box') as Product;
    expect(copy).toMatchObject({ barcode: '5012345678900', departmentId: mainsId, productTags: falafel.productTags });
    expect(copy.id).not.toBe(falafel.id);
    await closeToasts(page);

    await go(`#productSave?${copy.id}`);
    await page.getByRole('heading', { name: 'E2E Falafel Box' }).waitFor();
    await region('Product').getByRole('button', { name: 'Delete', exact: true }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText('The product will be deleted. Do you want to continue?', { exact: true }).waitFor();
    await question.getByRole('button', { name: 'Yes', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await eventually(() => page.url()).toMatch(/#\/productList$/);
    expect((await products()).some((p) => p.name === 'E2E Falafel Box')).toBe(false);
    await closeToasts(page);
  });

  it('bulk-creates three products with generated barcodes', async () => {
    await go('#/productList');
    await button(page, 'Bulk Create').click();
    const dialog = page.getByRole('dialog', { name: 'Product Definition' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    await closeToasts(page);
    for (const [i, name] of ['E2E Bulk Samosa', 'E2E Bulk Pakora', 'E2E Bulk Bhaji'].entries()) {
      await dialog.getByRole('button', { name: 'Generate Barcode', exact: true }).click();
      await eventually(() => dialog.getByLabel('Barcode', { exact: true }).inputValue()).toMatch(/^\d{13}$/);
      bulkBarcodes.push(await dialog.getByLabel('Barcode', { exact: true }).inputValue());
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Price', { exact: true }).fill(`${3 + i}.25`);
      // The department stays chosen from one product to the next.
      if (i === 0) await choose(page, 'Department', 'E2E Street Food');
      if (i === 2) await snap(page, 'catalogue-bulk-create', { dialog: true });
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await eventually(() => dialog.getByText(/products? created/).textContent()).toBe(i === 0 ? '1 product created' : `${i + 1} products created`);
      expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    }
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = region('Products');
    await list.getByLabel('Filter Name', { exact: true }).fill('E2E Bulk');
    await eventually(() => list.locator('tbody tr', { hasText: 'E2E Bulk' }).count()).toBe(3);
    const made = (await products()).filter((p) => p.name.startsWith('E2E Bulk'));
    expect(made.map((p) => p.barcode).sort()).toEqual([...bulkBarcodes].sort());
    expect(new Set(bulkBarcodes).size).toBe(3);
    for (const code of bulkBarcodes) expect(eanCheck(code)).toBe(true);
    await closeToasts(page);
  });

  it('builds a product group from a barcode and a name search', async () => {
    await go('#/productGroupSave');
    const form = region('Product Group');
    await form.waitFor();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByLabel('Name', { exact: true }).fill('E2E Meal Deal');
    await form.getByLabel('Price', { exact: true }).fill('9.99');
    const items = form.getByRole('table', { name: 'Products' });
    const barcode = form.getByLabel('Barcode', { exact: true });

    await barcode.fill('99999999');
    await barcode.press('Enter');
    await expectToast(page, 'Warning', 'Barcode not Found!');
    await barcode.fill(bulkBarcodes[0] as string);
    await barcode.press('Enter');
    await items.getByRole('row', { name: /E2E Bulk Samosa/ }).waitFor();

    await form.getByLabel('Product Name', { exact: true }).pressSequentially('falaf', { delay: 30 });
    await page.locator('.p-autocomplete-panel').getByText('E2E Falafel Wrap').click();
    await items.getByRole('row', { name: /E2E Falafel Wrap/ }).waitFor();

    // The same product again is not added twice.
    await barcode.fill(bulkBarcodes[0] as string);
    await barcode.press('Enter');
    await expectToast(page, 'Warning', 'A product can be in the group only once.');
    expect(await items.getByRole('row', { name: /E2E Bulk Samosa/ }).count()).toBe(1);
    await closeToasts(page);
    await snap(page, 'catalogue-product-group');

    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await region('Product Groups').getByLabel('Filter Name', { exact: true }).fill('E2E');
    await region('Product Groups').getByRole('row', { name: /E2E Meal Deal/ }).waitFor();
    // Read-only again: both products listed, no row can be removed.
    await eventually(() => items.locator('tbody tr').count()).toBe(2);
    expect(await items.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    const groups = await callApi<(Row & { products: Row[]; price: number })[]>('GET', 'storemanagement/productgroup/all', undefined, token);
    const group = groups.body.find((g) => g.name === 'E2E Meal Deal');
    expect(group?.price).toBe(9.99);
    expect(group?.products.map((p) => p.name)).toEqual(['E2E Bulk Samosa', 'E2E Falafel Wrap']);
  });
});
