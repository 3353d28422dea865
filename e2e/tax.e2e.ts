import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, button, callApi, closeToasts, eventually, expectToast, launch, open, signIn, snap } from './support';

/**
 * The merchant's Tax screen (#/taxSave): the form beside the 'Taxes' table. The journey adds,
 * edits, refuses and deletes its own tax (unique names), and leaves the three demo taxes as found.
 */
describe('tax journey', () => {
  let browser: Browser;
  let page: Page;
  let form: Locator;
  let table: Locator;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await open(browser, 'merchant'));
    await signIn(page, { store: 'demo-bistro', user: 'owner', password: 'Owner1234' });
    form = page.getByRole('region', { name: 'Tax', exact: true });
    table = page.getByRole('region', { name: 'Taxes', exact: true });
    await table.waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const name = () => form.getByLabel('Name', { exact: true });
  const rate = () => form.getByLabel('Rate', { exact: true });
  const formButton = (label: string) => form.getByRole('button', { name: label, exact: true });
  const row = (text: RegExp) => table.getByRole('row', { name: text });
  /** The first cell of every body row: the names shown, or the empty-table message. */
  const shownNames = async () => (await table.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim());
  const records = (n: number) => eventually(() => table.getByText(/^Number Of Records: \d+$/).textContent()).toBe(`Number Of Records: ${n}`);
  const rateOf = async (text: RegExp) => (await row(text).locator('td').nth(1).textContent())?.trim();
  const editing = async () => (await formButton('Save').isVisible()) && !(await name().isDisabled());

  it('lists the demo taxes with their rates and count, the form read-only', async () => {
    await row(/Standard/).waitFor();
    await records(3);
    expect(await shownNames()).toEqual(['Standard', 'Reduced', 'Zero']);
    expect(await rateOf(/Standard/)).toBe('20.00%');
    expect(await rateOf(/Reduced/)).toBe('5.00%');
    expect(await rateOf(/Zero/)).toBe('0.00%');
    expect(await name().isDisabled()).toBe(true);
    expect(await formButton('Add').isVisible()).toBe(true);
    // Nothing selected yet: nothing to edit or delete.
    expect(await formButton('Edit').count()).toBe(0);
    expect(await formButton('Delete').count()).toBe(0);
    await snap(page, 'tax-list');
  });

  it('refuses a blank tax with a warning and adds nothing', async () => {
    await formButton('Add').click();
    await eventually(editing).toBe(true);
    expect(await name().inputValue()).toBe('');
    expect(await rate().inputValue()).toBe('');
    await formButton('Save').click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    expect(await editing()).toBe(true);

    const reloaded = page.waitForResponse((r) => r.url().endsWith('/api/storemanagement/tax/all'));
    await button(page, 'Refresh').click();
    await reloaded;
    await records(3);
    expect(await shownNames()).toEqual(['Standard', 'Reduced', 'Zero']);
    await closeToasts(page);
  });

  it('adds "E2E Luxury" at 17.5%', async () => {
    await name().fill('E2E Luxury');
    await rate().fill('17.5');
    await formButton('Save').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await row(/E2E Luxury/).waitFor();
    expect(await rateOf(/E2E Luxury/)).toBe('17.50%');
    await records(4);
    // The form shows the saved record, read-only, ready for Edit or Delete.
    await eventually(editing).toBe(false);
    expect(await name().inputValue()).toBe('E2E Luxury');
    expect(await rate().inputValue()).toBe('17.5');
    expect(await formButton('Edit').isVisible()).toBe(true);
    await closeToasts(page);
  });

  it('Cancel puts back the last saved copy', async () => {
    // Another row first, so the form really loads the tax when its row is clicked.
    await row(/Reduced/).click();
    await eventually(() => name().inputValue()).toBe('Reduced');
    await row(/E2E Luxury/).click();
    await eventually(() => name().inputValue()).toBe('E2E Luxury');
    expect(await rate().inputValue()).toBe('17.5');

    await formButton('Edit').click();
    await eventually(editing).toBe(true);
    await rate().fill('18');
    await snap(page, 'tax-edit');
    await formButton('Cancel').click();
    await eventually(editing).toBe(false);
    await eventually(() => rate().inputValue()).toBe('17.5');
    expect(await name().inputValue()).toBe('E2E Luxury');
    expect(await rateOf(/E2E Luxury/)).toBe('17.50%');
  });

  it('saves an edited rate', async () => {
    await formButton('Edit').click();
    await rate().fill('18');
    await formButton('Save').click();
    // The success toast may not show again: the same words within 3 s are said once (overlays.tsx).
    await eventually(() => rateOf(/E2E Luxury/)).toBe('18.00%');
    await eventually(editing).toBe(false);
    expect(await rate().inputValue()).toBe('18');
    await records(4);
  });

  it('refuses a duplicate name and stays in edit mode with the input kept', async () => {
    await formButton('Edit').click();
    await name().fill('Standard');
    await formButton('Save').click();
    await expectToast(page, 'Error', 'Duplicate Value');
    expect(await editing()).toBe(true);
    expect(await name().inputValue()).toBe('Standard');
    expect(await rate().inputValue()).toBe('18');
    await snap(page, 'tax-duplicate');
    await formButton('Cancel').click();
    await eventually(() => name().inputValue()).toBe('E2E Luxury');
    expect(await shownNames()).toEqual(['Standard', 'Reduced', 'Zero', 'E2E Luxury']);
    await closeToasts(page);
  });

  it('filters by name and by rate after the debounce', async () => {
    const byName = table.getByLabel('Filter Name', { exact: true });
    await byName.fill('lux');
    await eventually(shownNames).toEqual(['E2E Luxury']);
    await records(1);
    await byName.fill('');
    await eventually(shownNames).toEqual(['Standard', 'Reduced', 'Zero', 'E2E Luxury']);

    const byRate = table.getByLabel('Filter Rate', { exact: true });
    await byRate.fill('5');
    await eventually(shownNames).toEqual(['Reduced']);
    await byRate.fill('');
    await records(4);
  });

  it('asks before deleting: No keeps the tax, Yes removes it and blanks the form', async () => {
    const dialog = page.getByRole('alertdialog', { name: 'Warning' });
    await formButton('Delete').click();
    await dialog.waitFor();
    expect(await dialog.getByText('Are you sure to delete?', { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'No', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(/E2E Luxury/).isVisible()).toBe(true);
    expect(await name().inputValue()).toBe('E2E Luxury');

    await formButton('Delete').click();
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await records(3);
    expect(await shownNames()).toEqual(['Standard', 'Reduced', 'Zero']);
    expect(await name().inputValue()).toBe('');
    expect(await rate().inputValue()).toBe('');
    expect(await formButton('Delete').count()).toBe(0);
    await closeToasts(page);
    await snap(page, 'tax-deleted');
  });

  it('pages five rows at a time', async () => {
    // Three more taxes through the API (the screen's own adding is covered above), then the table.
    const extra = ['E2E Page A', 'E2E Page B', 'E2E Page C'];
    const token = await accessToken(page, 'merchant');
    const ids: number[] = [];
    for (const [i, n] of extra.entries()) ids.push((await callApi<{ id: number }>('POST', 'storemanagement/tax/create', { name: n, rate: i + 1 }, token)).body.id);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);

    try {
      await button(page, 'Refresh').click();
      await records(6);
      const first = await shownNames();
      expect(first).toHaveLength(5);
      await table.getByRole('button', { name: 'Page 2', exact: true }).click();
      await eventually(shownNames).toHaveLength(1);
      const second = await shownNames();
      expect([...first, ...second].sort()).toEqual(['Reduced', 'Standard', 'Zero', ...extra].sort());
      await snap(page, 'tax-page-2');

      // Deleting the last row of page 2 leaves five taxes: the table shows page 1, not an empty page.
      await table.getByRole('row', { name: new RegExp(second[0]) }).click();
      await eventually(() => name().inputValue()).toBe(second[0]);
      await formButton('Delete').click();
      await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Yes', exact: true }).click();
      await records(5);
      await eventually(shownNames).toEqual(first);
    } finally {
      // The one deleted on screen answers 404 here, which is fine.
      for (const id of ids) await callApi('DELETE', `storemanagement/tax/${id}`, undefined, token);
    }
    await button(page, 'Refresh').click();
    await records(3);
  });
});
