import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAZETTEER_CSV_COLUMNS, GAZETTEER_MESSAGES } from '@tillpoint/contracts/address-lookup-import';
import { button, closeToasts, eventually, expectToast, launch, open, signIn, snap } from './support';

const HEADER = GAZETTEER_CSV_COLUMNS.join(',');
const csv = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`) });
const stat = (page: Page, label: string) => page.locator('.gazetteer-stats div', { has: page.getByText(label, { exact: true }) }).locator('dd');

/** A platform administrator imports postcodes into the built-in gazetteer from a CSV file, and sees a bad file refused line by line. */
describe('gazetteer import journey', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await open(browser, 'admin'));
    await signIn(page, { user: 'admin', password: 'Admin1234' });
    await page.getByRole('main').getByRole('link', { name: 'Postcode Gazetteer', exact: true }).click();
    await page.getByRole('heading', { name: 'Postcode Gazetteer' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const summary = async () => Number(((await page.locator('.gazetteer-summary').textContent()) ?? '').replace(/,/g, '').match(/^(\d+) addresses/)?.[1] ?? Number.NaN);

  it('imports a file and shows how many addresses were imported and replaced', async () => {
    await eventually(summary).toBeGreaterThan(0);
    const before = await summary();
    expect(await button(page, 'Import').isDisabled()).toBe(true);
    await page.getByLabel('gazetteer CSV file', { exact: true }).setInputFiles(
      csv('east-london.csv', ['E1 6AN,1 Commercial Street,,,,London,51.5155,-0.0722', '"E1 6AN","Flat 2, 3 Commercial Street",Spitalfields,,,London,51.5156,-0.0723']),
    );
    await eventually(() => page.getByTestId('gazetteer-file').textContent()).toMatch(/^east-london\.csv \(\d+ KB\)$/);
    await button(page, 'Import').click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    expect(await stat(page, 'Imported').textContent()).toBe('2');
    expect(await stat(page, 'Replaced').textContent()).toBe('0');
    await eventually(summary).toBe(before + 2);
    await snap(page, 'gazetteer-imported');

    // The same address again with a new town spelling replaces it; a new one is added.
    await page.getByLabel('gazetteer CSV file', { exact: true }).setInputFiles(csv('again.csv', ['E1 6AN,1 Commercial Street,,,,LONDON,51.5155,-0.0722', 'E1 6AN,7 Commercial Street,,,,London,51.5157,-0.0721']));
    await button(page, 'Import').click();
    await eventually(() => stat(page, 'Replaced').textContent()).toBe('1');
    expect(await stat(page, 'Imported').textContent()).toBe('1');
    await eventually(summary).toBe(before + 3);
  });

  it('a file with bad rows is refused whole: the warning, each bad line with its problem, and nothing imported', async () => {
    const before = await summary();
    await page
      .getByLabel('gazetteer CSV file', { exact: true })
      .setInputFiles(csv('bad.csv', ['E1 6AQ,9 Commercial Street,,,,London,51.5159,-0.0720', 'E1 6AQ,,,,,London,51.5,-0.07', 'NOT A CODE,1 Road,,,,London,-0.07,51.5']));
    await button(page, 'Import').click();
    await expectToast(page, 'Warning', GAZETTEER_MESSAGES.badRows(2));
    await page.getByRole('heading', { name: 'Nothing was imported' }).waitFor();
    const rows = await page.locator('.gazetteer-errors tbody tr').allTextContents();
    expect(rows).toEqual([`3${GAZETTEER_MESSAGES.required('address_line1')}`, `4${GAZETTEER_MESSAGES.postcode}; ${GAZETTEER_MESSAGES.latitude}; ${GAZETTEER_MESSAGES.longitude}`]);
    expect(await page.getByRole('heading', { name: 'Import finished' }).count()).toBe(0);
    await closeToasts(page);
    await snap(page, 'gazetteer-refused');
    await page.reload();
    await page.getByRole('heading', { name: 'Postcode Gazetteer' }).waitFor();
    await eventually(summary).toBe(before);
  });
});
