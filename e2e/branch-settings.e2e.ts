import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MERCHANT_SETTINGS_PATHS, type MerchantBranchSettings } from '@tillpoint/contracts/branch-settings';
import { WEEKDAYS, WEEKDAY_LABELS, localTime } from '@tillpoint/contracts/schedule';
import { baseUrl, button, callApi, choose, closeToasts, eventually, expectToast, keepDemoBranchSettings, launch, open, signIn, signInOwner, snap } from './support';

const S = 'storemanagement/merchantbranchsettings/';
const TABS = ['EOD Settings', 'Basket Settings', 'Branch Schedules', 'Product Price', 'Market Place Settings', 'Order Display Settings'];

/** The demo store's branch settings as the merchant edits them (spec 2 §2 'Branch settings'): each tab saved, kept and refused in the spec's words. */
describe('merchant branch settings journey', () => {
  let browser: Browser;
  let page: Page;
  let token = '';
  let kept: Awaited<ReturnType<typeof keepDemoBranchSettings>> | undefined;
  let original: MerchantBranchSettings;

  beforeAll(async () => {
    browser = await launch();
    ({ page, token } = await signInOwner(browser));
    kept = await keepDemoBranchSettings({ owner: token });
    if (!kept.merchant) throw new Error('no settings for the demo branch');
    original = kept.merchant;
  });
  afterAll(async () => {
    // The journeys share one store: give the demo branch back its settings (its hours above all) for the files that follow.
    await kept?.restore();
    await browser?.close();
  });

  const settings = () => page.getByRole('region', { name: 'Branch settings' });
  // Each test starts from the saved settings with no tab in edit mode, so one that fails leaves no
  // tab locking the next test's tabs.
  beforeEach(async () => {
    if (!page.url().includes('#/branchSettings')) return;
    await page.reload();
    await settings().getByRole('tab').first().waitFor();
  });
  const panel = (title: string) => page.getByRole('region', { name: title, exact: true });
  const tab = (name: string) => settings().getByRole('tab', { name, exact: true });
  const field = (label: string) => settings().getByLabel(label, { exact: true });
  const dropdownText = (label: string) => settings().locator('.p-dropdown', { has: page.getByLabel(label, { exact: true }) }).locator('.p-dropdown-label').textContent();

  /** The service charge fields of one kind of order sit in a group named by it (Collection, Table Order, Delivery). */
  const dropdownIn = (group: string, label: string) =>
    settings().getByRole('group', { name: group, exact: true }).locator('.p-dropdown', { has: page.getByLabel(label, { exact: true }) });
  const chosenIn = (group: string, label: string) => dropdownIn(group, label).locator('.p-dropdown-label').textContent();
  async function chooseIn(group: string, label: string, option: string) {
    await dropdownIn(group, label).click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  }

  /** Opens a tab and waits for its form (not its loading note). */
  async function openTab(name: string) {
    await tab(name).click();
    await panel(name).getByRole('button', { name: 'Edit', exact: true }).waitFor();
  }
  const edit = (name: string) => panel(name).getByRole('button', { name: 'Edit', exact: true }).click();

  /** Saves the open tab: the tab's own call answers 200 and the tab goes back to read-only. */
  async function save(name: string, path: string) {
    const reply = page.waitForResponse((r) => r.url().endsWith(`/api/${path}`) && r.request().method() === 'PUT');
    await panel(name).getByRole('button', { name: 'Save', exact: true }).click();
    expect((await reply).status()).toBe(200);
    await panel(name).getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await closeToasts(page);
  }

  /** A refused save: the warning in the spec's words, and the tab stays in edit mode with the input as typed. */
  async function refused(name: string, message: string) {
    await panel(name).getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', message);
    await closeToasts(page);
    expect(await panel(name).getByRole('button', { name: 'Save', exact: true }).isVisible()).toBe(true);
  }

  /** Reloads the page (the settings come from the server again) and opens the tab. */
  async function reloadAt(name: string) {
    await page.reload();
    await settings().waitFor();
    await openTab(name);
  }

  const current = () => callApi<MerchantBranchSettings>('GET', MERCHANT_SETTINGS_PATHS.current, undefined, token).then((r) => r.body);

  it('opens from the menu with its six tabs, EOD first and read-only, without Add or Delete', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Branch Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Branch Settings', level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/branchSettings');
    await settings().getByRole('tab').first().waitFor();
    expect((await settings().getByRole('tab').allTextContents()).map((t) => t.trim())).toEqual(TABS);
    await panel('EOD Settings').getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await eventually(() => field('Email').inputValue()).toBe(original.email ?? '');
    expect(await field('Email').isDisabled()).toBe(true);
    expect(await settings().getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
    expect(await settings().getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
  });

  it('EOD: a short e-mail is not valid, the hour is needed while auto end of day is on and cleared when it is off; one tab edits at a time', async () => {
    await edit('EOD Settings');
    // While this tab edits, the others are locked.
    for (const other of TABS.slice(1)) expect(await tab(other).getAttribute('aria-disabled')).toBe('true');
    await field('Email').fill('a@b');
    await refused('EOD Settings', 'Not Valid Email');
    expect(await field('Email').inputValue()).toBe('a@b');
    await field('Email').fill(`${'x'.repeat(45)}@shop.uk`);
    await refused('EOD Settings', 'You can enter up to 50 characters in this field.');
    await field('Email').fill('');
    await refused('EOD Settings', 'Please fill the required fields!');

    await field('Email').fill('reports@e2e-bistro.co.uk');
    // Switch auto end of day off from whichever state the journeys before left it in.
    if (!(await field('Auto End Of Day').isChecked())) await settings().getByText('Auto End Of Day', { exact: true }).click();
    await settings().getByText('Auto End Of Day', { exact: true }).click();
    await eventually(() => dropdownText('End Of Day Hour')).toBe('Select');
    await save('EOD Settings', MERCHANT_SETTINGS_PATHS.eod);
    expect(await tab('Basket Settings').getAttribute('aria-disabled')).not.toBe('true');

    await reloadAt('EOD Settings');
    await eventually(() => field('Email').inputValue()).toBe('reports@e2e-bistro.co.uk');
    expect(await field('Auto End Of Day').isChecked()).toBe(false);
    expect(await dropdownText('End Of Day Hour')).toBe('Select');

    await edit('EOD Settings');
    await settings().getByText('Auto End Of Day', { exact: true }).click();
    await refused('EOD Settings', 'Please fill the End Of Day Hour');
    await choose(page, 'End Of Day Hour', '23');
    await save('EOD Settings', MERCHANT_SETTINGS_PATHS.eod);
    await reloadAt('EOD Settings');
    await eventually(() => dropdownText('End Of Day Hour')).toBe('23');
    expect(await field('Auto End Of Day').isChecked()).toBe(true);
    await snap(page, 'branch-settings-eod');
  });

  it('Basket: money, the service charges (PASSIVE clears its default), scheduled delivery and the durations are kept', async () => {
    await openTab('Basket Settings');
    await edit('Basket Settings');
    await field('Minimum Delivery Basket Price').fill('12');
    await field('Delivery Fee').fill('3.25');
    await field('Free Delivery Amount').fill('40');
    await field('Collection Discount Rate').fill('5');
    await chooseIn('Collection', 'Service Charge Option', 'ACTIVE');
    await chooseIn('Collection', 'Default Service Charge', '10%');
    await chooseIn('Delivery', 'Service Charge Option', 'ENFORCED');
    await chooseIn('Delivery', 'Default Service Charge', '5%');
    await chooseIn('Table Order', 'Service Charge Option', 'ACTIVE');
    await chooseIn('Table Order', 'Default Service Charge', '20%');
    // PASSIVE offers none: its default empties and cannot be chosen.
    await chooseIn('Table Order', 'Service Charge Option', 'PASSIVE');
    await eventually(() => chosenIn('Table Order', 'Default Service Charge')).toBe('Not offered');
    await field('Minimum Delivery Duration').fill('60');
    await field('Maximum Delivery Duration').fill('30');
    await refused('Basket Settings', 'The maximum delivery duration cannot be less than the minimum.');
    await field('Maximum Delivery Duration').fill('75');
    await field('Delivery Fee').fill('3.255');
    await refused('Basket Settings', 'Prices must be between 0 and 1,000,000 with at most 2 decimals.');
    await field('Delivery Fee').fill('3.25');
    if (!(await field('Scheduled For Delivery').isChecked())) await settings().getByText('Scheduled For Delivery', { exact: true }).click();
    await save('Basket Settings', MERCHANT_SETTINGS_PATHS.basket);

    await reloadAt('Basket Settings');
    await eventually(() => field('Delivery Fee').inputValue()).toBe('3.25');
    expect(await field('Minimum Delivery Basket Price').inputValue()).toBe('12');
    expect(await field('Free Delivery Amount').inputValue()).toBe('40');
    expect(await field('Collection Discount Rate').inputValue()).toBe('5');
    expect(await chosenIn('Collection', 'Service Charge Option')).toBe('ACTIVE');
    expect(await chosenIn('Collection', 'Default Service Charge')).toBe('10%');
    expect(await chosenIn('Delivery', 'Default Service Charge')).toBe('5%');
    expect(await chosenIn('Table Order', 'Service Charge Option')).toBe('PASSIVE');
    expect(await chosenIn('Table Order', 'Default Service Charge')).toBe('Not offered');
    expect(await field('Maximum Delivery Duration').inputValue()).toBe('75');
    expect(await field('Scheduled For Delivery').isChecked()).toBe(true);
    expect(await current()).toMatchObject({ deliveryFee: 3.25, defaultServiceChargeTableOrder: null, serviceChargeOptionsDelivery: 'ENFORCED' });
    // The tab is taller than the window: look at all of it.
    await page.setViewportSize({ width: 1280, height: 1100 });
    await snap(page, 'branch-settings-basket');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('Branch Schedules: overnight hours, Copy Monday To All Days, a bad hour refused; closing today closes the store', async () => {
    const hour = (day: string, part: string) => settings().getByLabel(`${day} ${part}`, { exact: true });
    /** Empties a masked hour as a person does (select all, delete). */
    const clear = async (day: string, part: string) => {
      await hour(day, part).click();
      // The mask writes its slots and places its caret a moment after focus (a person never types sooner).
      await eventually(() => hour(day, part).inputValue()).not.toBe('');
      await hour(day, part).press('Control+a');
      await hour(day, part).press('Backspace');
      // The mask places its caret a moment after focus: wait for the empty mask before typing.
      await eventually(() => hour(day, part).inputValue()).toMatch(/^(__:__)?$/);
    };
    const type = async (day: string, part: string, value: string) => {
      // On a loaded machine the mask can still be placing its caret when the first key lands and drop
      // it ('1700' read '70:0_'): a person sees that and types the hour again, and so does this.
      for (let attempt = 1; ; attempt++) {
        await clear(day, part);
        await hour(day, part).pressSequentially(value.replace(':', ''), { delay: 40 });
        if (attempt === 3) break;
        if ((await hour(day, part).inputValue()) === value) return;
      }
      await eventually(() => hour(day, part).inputValue()).toBe(value);
    };
    await openTab('Branch Schedules');
    await edit('Branch Schedules');
    await type('Monday', 'Open Hour', '11:00');
    await type('Monday', 'Close Hour', '00:30');
    await type('Monday', 'Delivery Open Hour', '17:00');
    await type('Monday', 'Delivery Close Hour', '22:00');
    await button(page, 'Copy Monday To All Days').click();
    await eventually(() => hour('Sunday', 'Close Hour').inputValue()).toBe('00:30');
    expect(await settings().getByRole('row', { name: /^Saturday/ }).textContent()).toContain('Open 11:00 – 00:30 (next day); delivery 17:00 – 22:00');
    await type('Tuesday', 'Open Hour', '25:00');
    await refused('Branch Schedules', 'Please enter the hour as HH:mm (00:00 to 23:59).');
    await type('Tuesday', 'Open Hour', '10:00');
    await clear('Wednesday', 'Delivery Open Hour');
    await refused('Branch Schedules', 'Please fill both the open and the close hour of the day, or neither.');
    await type('Wednesday', 'Delivery Open Hour', '17:00');
    await snap(page, 'branch-settings-schedules-editing');
    await save('Branch Schedules', MERCHANT_SETTINGS_PATHS.schedules);

    await reloadAt('Branch Schedules');
    await eventually(() => hour('Sunday', 'Close Hour').inputValue()).toBe('00:30');
    expect(await hour('Tuesday', 'Open Hour').inputValue()).toBe('10:00');
    expect(await hour('Friday', 'Delivery Open Hour').inputValue()).toBe('17:00');
    expect(await hour('Monday', 'Open Hour').isDisabled()).toBe(true);
    await snap(page, 'branch-settings-schedules');

    // Today (London) open all day: the storefront's isstoreclosed says open; with today's hours cleared, closed.
    const branchId = original.merchantBranchId;
    const isClosed = async () => (await callApi<{ storeClosed: boolean }>('GET', `${S}isstoreclosed/branchId/${branchId}`)).body.storeClosed;
    const now = localTime(new Date());
    const today = WEEKDAY_LABELS[now.weekday];
    await edit('Branch Schedules');
    await type(today, 'Open Hour', '00:00');
    await type(today, 'Close Hour', '00:00');
    await save('Branch Schedules', MERCHANT_SETTINGS_PATHS.schedules);
    expect(await isClosed()).toBe(false);

    await edit('Branch Schedules');
    await button(page, `Clear ${today}`).click();
    // Just after midnight yesterday's overnight hours still run: clear them too, so that "now" is outside every window.
    if (now.minutes < 31) await button(page, `Clear ${WEEKDAY_LABELS[WEEKDAYS[(WEEKDAYS.indexOf(now.weekday) + 6) % 7]]}`).click();
    await eventually(() => settings().getByRole('row', { name: new RegExp(`^${today}`) }).textContent()).toContain('Closed');
    await save('Branch Schedules', MERCHANT_SETTINGS_PATHS.schedules);
    expect(await isClosed()).toBe(true);
    expect((await callApi<{ storeClosed: boolean }>('GET', `${S}member/merchantBranchId/${branchId}`)).body.storeClosed).toBe(true);
  });

  it("Product Price: a method needs its rate ('Please fill the rate field!'); No Calculation clears it", async () => {
    await openTab('Product Price');
    await edit('Product Price');
    await choose(page, 'Price Calculation Method', 'Percentage');
    await field('Price Calculation Rate').fill('');
    await refused('Product Price', 'Please fill the rate field!');
    await field('Price Calculation Rate').fill('12.5');
    await save('Product Price', MERCHANT_SETTINGS_PATHS.productPrice);
    await reloadAt('Product Price');
    await eventually(() => field('Price Calculation Rate').inputValue()).toBe('12.5');
    expect(await dropdownText('Price Calculation Method')).toBe('Percentage');
    await snap(page, 'branch-settings-product-price');

    await edit('Product Price');
    await choose(page, 'Price Calculation Method', 'No Calculation');
    await eventually(() => field('Price Calculation Rate').inputValue()).toBe('');
    expect(await field('Price Calculation Rate').isDisabled()).toBe(true);
    await panel('Product Price').getByRole('button', { name: 'Cancel', exact: true }).click();
    // Cancel restores the saved copy.
    await eventually(() => field('Price Calculation Rate').inputValue()).toBe('12.5');
  });

  it('Market Place: serviceable areas, distance, store card e-mail, border colour and template are kept', async () => {
    await openTab('Market Place Settings');
    await edit('Market Place Settings');
    await field('Serviceable Areas').fill('SW1, SW1V, W1');
    await field('Distance From Postal Code That Can Be Serviced').fill('3.5');
    await field('Menu Border Color').fill('teal');
    await refused('Market Place Settings', 'Please choose a colour (#rrggbb).');
    await field('Menu Border Color').fill('#ff5722');
    await choose(page, 'Menu Display Template', 'Template2 (grid)');
    if (!(await field('Show Email Address In The Store Card').isChecked())) await settings().getByText('Show Email Address In The Store Card', { exact: true }).click();
    await save('Market Place Settings', MERCHANT_SETTINGS_PATHS.marketPlace);

    await reloadAt('Market Place Settings');
    await eventually(() => field('Serviceable Areas').inputValue()).toBe('SW1, SW1V, W1');
    expect(await field('Distance From Postal Code That Can Be Serviced').inputValue()).toBe('3.5');
    expect(await field('Menu Border Color').inputValue()).toBe('#ff5722');
    expect(await dropdownText('Menu Display Template')).toBe('Template2 (grid)');
    expect(await field('Show Email Address In The Store Card').isChecked()).toBe(true);
    await snap(page, 'branch-settings-market-place');
  });

  it('Order Display: the zoom is 1 to 10 and kept', async () => {
    await openTab('Order Display Settings');
    await eventually(() => field('Display Member Zoom').inputValue()).toBe(String(original.displayMemberZoom));
    await edit('Order Display Settings');
    await field('Display Member Zoom').fill('11');
    await refused('Order Display Settings', 'The zoom must be a whole number from 1 to 10.');
    await field('Display Member Zoom').fill('4');
    await save('Order Display Settings', MERCHANT_SETTINGS_PATHS.orderDisplay);
    await reloadAt('Order Display Settings');
    await eventually(() => field('Display Member Zoom').inputValue()).toBe('4');
    await snap(page, 'branch-settings-order-display');
  });

  it('fits a phone: the week scrolls inside its grid, not the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openTab('Branch Schedules');
      await settings().getByLabel('Sunday Close Hour', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snap(page, 'branch-settings-schedules-phone');
      await openTab('Basket Settings');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snap(page, 'branch-settings-basket-phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('a user who may only view the settings sees every tab without Edit', async () => {
    const roles = await callApi<{ id: number; name: string }[]>('GET', 'merchantuser/roles/all', undefined, token);
    const viewer = roles.body.find((r) => r.name === 'ACCOUNT_USER');
    const made = await callApi<{ id: number }>(
      'POST',
      'merchantuser/create',
      {
        userName: 'e2e-settings-viewer',
        mobilePhone: '(07700) 900124',
        firstName: 'Sam',
        lastName: 'Settings',
        email: 'sam.settings@e2e.local',
        sendNotification: false,
        branches: [{ branchId: original.merchantBranchId }],
        roles: [{ id: viewer?.id }],
      },
      token,
    );
    expect(made.status).toBe(200);
    expect((await callApi('PUT', 'merchantuser/password/change', { id: made.body.id, password: 'Viewer1234!' }, token)).status).toBe(200);

    const { context, page: viewerPage } = await open(browser, 'merchant');
    try {
      await signIn(viewerPage, { store: 'demo-bistro', user: 'e2e-settings-viewer', password: 'Viewer1234!' });
      await viewerPage.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await viewerPage.goto(`${baseUrl()}/merchant/#/branchSettings`);
      const region = viewerPage.getByRole('region', { name: 'Branch settings' });
      for (const name of TABS) {
        await region.getByRole('tab', { name, exact: true }).click();
        const tabPanel = viewerPage.getByRole('region', { name, exact: true });
        await tabPanel.waitFor();
        await tabPanel.locator('.crud-fields').waitFor();
        expect(await tabPanel.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      }
      await eventually(() => region.getByLabel('Display Member Zoom', { exact: true }).inputValue()).toBe('4');
    } finally {
      await context.close();
    }
  });
});
