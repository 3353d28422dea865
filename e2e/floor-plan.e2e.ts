import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import type { Browser, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, baseUrl, button, callApi, closeToasts, eventually, expectToast, launch, open, signIn, signInOwner, signInViewer, snap } from './support';

const SUCCESS = 'The operation was performed successfully.';

type Table = { id: number; tableNo: number; tableCapacity: number | null; status: string };
type Credential = { id: number; clientId: string; status: string };

/**
 * The floor plan (spec 2 #/floorPlanning) as the demo store's owner uses it: the demo floor's table
 * cards, a table edited in its dialog, Resize with the spec's messages (growing, then shrinking
 * after a question), and the QR code PDF: refused with the server's words while the branch has no
 * till credential, then downloaded, previewed, and one table's code, read off the preview as a
 * phone camera would, opens the storefront at /tableNo/{n} of this branch.
 */
describe('floor plan: tables, resize and table QR codes', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let branchId: number;

  const tablesRegion = () => page.getByRole('region', { name: 'Tables', exact: true });
  const cards = () => tablesRegion().getByRole('button', { name: /^Table \d+$/ });
  const cardNumbers = async () => (await cards().allTextContents()).map((t) => Number.parseInt(t, 10));
  const resizeRegion = () => page.getByRole('region', { name: 'Resize Table', exact: true });
  const qrRegion = () => page.getByRole('region', { name: 'QR Code', exact: true });

  /** Opens the floor afresh (by way of home: the same address again would not reload the page). */
  async function openFloor() {
    await page.goto(`${baseUrl()}/merchant/#/floorPlanning`);
    // A hash change keeps the app's cached table list (fresh for 30 s): tables changed through the API
    // show after a reload, as they would for a person.
    await page.reload();
    await tablesRegion().waitFor();
  }

  async function resize(size: string, rowSize: string) {
    await resizeRegion().getByLabel('Size', { exact: true }).fill(size);
    await resizeRegion().getByLabel('Row Size', { exact: true }).fill(rowSize);
    await button(page, 'Resize').click();
  }

  beforeAll(async () => {
    browser = await launch();
    ({ page, token } = await signInOwner(browser));
    branchId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { user: { merchantBranchId: number } }).user.merchantBranchId);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the demo floor as cards, rowSize to a row, at a desktop and a phone width', async () => {
    await openFloor();
    expect(await cardNumbers()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await resizeRegion().getByLabel('Size', { exact: true }).inputValue()).toBe('10');
    expect(await resizeRegion().getByLabel('Row Size', { exact: true }).inputValue()).toBe('5');
    // Five to a row: table 5 ends the first row, table 6 starts the second.
    const top = async (n: number) => (await cards().nth(n - 1).boundingBox())?.y ?? -1;
    expect(await top(5)).toBe(await top(1));
    expect(await top(6)).toBeGreaterThan(await top(5));
    expect(await cards().nth(9).textContent()).toContain('6');
    await snap(page, 'floor-plan-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await openFloor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the floor plan is wider than a phone').toBeLessThanOrEqual(1);
    await snap(page, 'floor-plan-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('edits a table in its dialog: the table number is required, the capacity saved', async () => {
    await openFloor();
    await tablesRegion().getByRole('button', { name: 'Table 3', exact: true }).click();
    const d = page.getByRole('dialog', { name: 'Table 3' });
    await d.waitFor();
    await d.getByRole('button', { name: 'Edit', exact: true }).click();
    await d.getByLabel('Table No', { exact: true }).fill('');
    await d.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    await closeToasts(page);
    await d.getByLabel('Table No', { exact: true }).fill('3');
    await d.getByLabel('Capacity', { exact: true }).fill('8');
    await snap(page, 'floor-plan-table-dialog', { dialog: true });
    await d.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    await d.getByRole('button', { name: 'Close', exact: true }).click();
    await d.waitFor({ state: 'detached' });
    await eventually(async () => (await tablesRegion().getByRole('button', { name: 'Table 3', exact: true }).textContent())?.includes('8')).toBe(true);
    const three = (await callApi<Table[]>('GET', 'storemanagement/resttable/all', undefined, token)).body.find((t) => t.tableNo === 3);
    expect(three).toMatchObject({ tableCapacity: 8, status: 'ACTIVE' });
  });

  it("Resize: the spec's messages for a blank size or row size, then grows and shrinks the floor", async () => {
    await openFloor();
    await resize('', '4');
    await expectToast(page, 'Warning', 'Please fill the Size field!');
    await closeToasts(page);
    await resize('12', '');
    await expectToast(page, 'Warning', 'Please fill the Row Size field!');
    await closeToasts(page);
    expect(await cardNumbers()).toHaveLength(10);

    await resize('12', '4');
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    await eventually(cardNumbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const top = async (n: number) => (await cards().nth(n - 1).boundingBox())?.y ?? -1;
    expect(await top(4)).toBe(await top(1));
    expect(await top(5)).toBeGreaterThan(await top(4));
    await snap(page, 'floor-plan-resized');

    // Shrinking retires tables: the screen asks first, and No changes nothing.
    await resize('6', '4');
    const question = page.getByRole('alertdialog');
    await question.getByText('Tables 7 to 12 will be retired. Are you sure?').waitFor();
    await question.getByRole('button', { name: 'No' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await cardNumbers()).toHaveLength(12);
    await resize('6', '4');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    await eventually(cardNumbers).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await callApi('GET', 'storemanagement/resttable/param', undefined, token)).body).toEqual({ size: 6, rowSize: 4 });
    // Table 3 kept its capacity through both resizes.
    expect(await tablesRegion().getByRole('button', { name: 'Table 3', exact: true }).textContent()).toContain('8');
  });

  it('QR Code: the server says why without a till credential; with one, the PDF downloads and a code opens /tableNo/{n}', async () => {
    // The administrator's view of the branch's credentials (the client id the codes carry).
    const admin = await open(browser, 'admin');
    await signIn(admin.page, { user: 'admin', password: 'Admin1234' });
    await admin.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const adminToken = await accessToken(admin.page, 'admin');
    const credentials = () => callApi<Credential[]>('GET', `merchant/credentials/merchantBranchId/${branchId}`, undefined, adminToken);
    let active = (await credentials()).body.filter((c) => c.status === 'ACTIVE');

    await openFloor();
    if (active.length === 0) {
      // The demo store starts without one: the server's 409 is shown in its own words.
      await qrRegion().getByRole('button', { name: 'Download', exact: true }).click();
      await expectToast(
        page,
        'Error',
        'This branch has no till credential yet, so its table codes cannot be made. Please ask the platform administrator for one.',
      );
      await closeToasts(page);
      await snap(page, 'floor-plan-no-credential');
      const made = await callApi<Credential>('POST', 'merchant/credentials/create', { merchantBranchId: branchId, description: 'E2E floor till' }, adminToken);
      expect(made.status).toBe(200);
      active = (await credentials()).body.filter((c) => c.status === 'ACTIVE');
    }
    await admin.context.close();
    // The oldest ACTIVE credential names the branch in the codes.
    const clientId = [...active].sort((a, b) => a.id - b.id)[0].clientId;

    const downloading = page.waitForEvent('download');
    await qrRegion().getByRole('button', { name: 'Download', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('table-qrcodes.pdf');
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(1);

    // The preview shows the same PDF; a code read off it opens this branch's table page.
    const preview = qrRegion().locator('iframe[title="QR Code PDF"]');
    await preview.waitFor();
    let codes: string[] = [];
    await eventually(async () => {
      codes = await readCodes(preview);
      return codes.length;
    }, 'no QR code could be read off the preview').toBeGreaterThan(0);
    for (const text of codes) {
      const match = text.match(/^(.*)\/tableNo\/(\d+)\?clientId=(.+)$/);
      expect(match?.[1], text).toBe(baseUrl());
      expect([1, 2, 3, 4, 5, 6]).toContain(Number(match?.[2]));
      expect(decodeURIComponent(match?.[3] ?? '')).toBe(clientId);
    }
    // The codes on show are different tables' (the first row of the sheet: tables 1 to 3).
    expect(new Set(codes.map((c) => c.match(/\/tableNo\/(\d+)/)?.[1])).size).toBe(codes.length);
    await snap(page, 'floor-plan-qr-preview');

    // Print fetches the sheet afresh into the preview and, once it has loaded, prints that frame. A
    // headless browser has no print dialog (printing a PDF frame crashes it), so the frame's print is
    // counted instead of opened: everything up to the dialog is real.
    await page.evaluate(() => {
      const real = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')?.get;
      const counted = window as unknown as { printed: string[] };
      counted.printed = [];
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
        configurable: true,
        get(this: HTMLIFrameElement) {
          if (this.title !== 'QR Code PDF') return real?.call(this);
          return { print: () => counted.printed.push(this.src) };
        },
      });
    });
    const before = await preview.getAttribute('src');
    await qrRegion().getByRole('button', { name: 'Print', exact: true }).click();
    await eventually(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed)).toHaveLength(1);
    const printed = await page.evaluate(() => (window as unknown as { printed: string[] }).printed[0]);
    expect(printed).not.toBe(before);
    expect(printed).toBe(await preview.getAttribute('src'));
    await eventually(async () => (await readCodes(preview)).length, 'the printed sheet is not the one on show').toBeGreaterThan(0);
  });

  it('a user who may only view the floor sees the tables and the codes, but cannot resize or edit a table', async () => {
    const viewer = await signInViewer(browser, token, branchId, 'e2e-floor-viewer');
    try {
      await viewer.page.goto(`${baseUrl()}/merchant/#/floorPlanning`);
      const tables = viewer.page.getByRole('region', { name: 'Tables', exact: true });
      await tables.getByRole('button', { name: 'Table 1', exact: true }).waitFor();
      expect(await viewer.page.getByRole('button', { name: 'Resize', exact: true }).count()).toBe(0);
      expect(await viewer.page.getByRole('region', { name: 'QR Code', exact: true }).getByRole('button', { name: 'Download', exact: true }).isEnabled()).toBe(true);
      expect(await viewer.page.getByLabel('Size', { exact: true }).isDisabled()).toBe(true);
      await tables.getByRole('button', { name: 'Table 1', exact: true }).click();
      const d = viewer.page.getByRole('dialog', { name: 'Table 1' });
      await d.waitFor();
      expect(await d.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(await d.getByLabel('Table No', { exact: true }).isDisabled()).toBe(true);
      await d.getByRole('button', { name: 'Close', exact: true }).click();
      // The server refuses what the screen does not offer.
      expect((await callApi('POST', 'storemanagement/resttable/resize/3/3', undefined, viewer.token)).status).toBe(403);
    } finally {
      await viewer.context.close();
    }
  });

  it("'Empty Floor Plan' when there are no tables: on the floor and for the QR codes", async () => {
    // Retire every table the way a merchant would see none: each PASSIVE table is left out of the codes.
    const all = (await callApi<Table[]>('GET', 'storemanagement/resttable/all', undefined, token)).body;
    for (const t of all) await callApi('DELETE', `storemanagement/resttable/${t.id}`, undefined, token);
    try {
      await openFloor();
      await tablesRegion().getByText('Empty Floor Plan').waitFor();
      expect(await cards().count()).toBe(0);
      await qrRegion().getByRole('button', { name: 'Print', exact: true }).click();
      await expectToast(page, 'Warning', 'Empty Floor Plan');
      await closeToasts(page);
      await snap(page, 'floor-plan-empty');
    } finally {
      // The demo floor again, for whoever comes next: 10 tables, 5 to a row.
      expect((await callApi('POST', 'storemanagement/resttable/resize/10/5', undefined, token)).status).toBe(200);
    }
  });
});

/**
 * The QR codes on show in an element, read from the page's pixels as a camera would (the PDF viewer
 * draws in a frame of its own, which an element shot may miss). The sheet has three codes to a row
 * and a camera frames one at a time, so windows a third of the width wide are read across and down.
 */
async function readCodes(element: Locator): Promise<string[]> {
  const box = await element.boundingBox();
  if (!box) return [];
  const png = PNG.sync.read(await element.page().screenshot({ clip: box }));
  const read = (x0: number, y0: number, w: number, h: number) => {
    const data = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++) data.set(png.data.subarray(((y0 + y) * png.width + x0) * 4, ((y0 + y) * png.width + x0 + w) * 4), y * w * 4);
    return jsQR(data, w, h)?.data ?? null;
  };
  const w = Math.floor(png.width / 3);
  const h = Math.min(png.height, Math.round(w * 1.4));
  const found = new Set<string>();
  for (let x = 0; x + w <= png.width; x += w) {
    for (let y = 0; y + h <= png.height; y += Math.max(1, Math.floor(h / 4))) {
      const text = read(x, y, w, h);
      if (text) found.add(text);
    }
  }
  return [...found];
}
