import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceBranch } from '@tillpoint/contracts/marketplace';
import { MARKETPLACE_MESSAGES, MARKETPLACE_PATHS } from '@tillpoint/contracts/marketplace-paths';
import type { StoreInfo } from '@tillpoint/contracts/merchant-branch';
import { branchSettings, licence, merchantAccount, merchantBranch, pageSettings } from '../../db/schema';
import { databaseFiles } from '../../platform/files';
import { addBranch, addMerchant, signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';

type ApiError = { type: string; details: string };
let t: TestApp;
let demo: { account: number; branch: number; merchant: string };
let other: { merchantAccountId: number; merchantBranchId: number };

const list = () => t.json<MarketplaceBranch[]>('GET', `/api/${MARKETPLACE_PATHS.list}`);
const search = (text: string) => t.json<MarketplaceBranch[] & ApiError>('GET', `/api/${MARKETPLACE_PATHS.byName(text)}`);
const names = (rows: MarketplaceBranch[]) => rows.map((r) => r.domainName);

beforeAll(async () => {
  t = await createTestApp();
  const d = await signInDemo(t);
  demo = { account: d.demoAccount, branch: d.demoBranch, merchant: d.merchant };
  // A second merchant whose only store is licensed for web orders (addMerchant's default licences).
  other = await addMerchant(t.db, { domainName: 'corner-cafe', userName: 'corner', password: 'Corner1234' });
  await t.db.update(merchantBranch).set({ tradingName: 'Corner Cafe 100%_off', address1: '2 Market Street', city: 'Leeds', postCode: 'LS1 1AA' }).where(eq(merchantBranch.id, other.merchantBranchId));
});
afterAll(() => t.close());

describe('marketplace list and search', () => {
  it('lists live stores with a web-order or web-menu licence, with the store card fields', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const bistro = res.body.find((b) => b.domainName === 'demo-bistro');
    expect(bistro).toMatchObject({ id: demo.branch, tradingName: 'Demo Bistro', favorite: false, content: null });
    expect(bistro?.displayAddressString).toMatch(/London/);
    // The demo store opens 11:00 to 23:00 every day (Europe/London).
    expect(bistro?.openAndCloseHours).toBe('11:00 - 23:00');
    expect(res.body.find((b) => b.domainName === 'corner-cafe')?.displayAddressString).toBe('2 Market Street, Leeds, LS1 1AA');
  });

  it('leaves out a store without the web-order or web-menu licence, a PASSIVE one and one of a PASSIVE account', async () => {
    const tableOnly = await addBranch(t.db, other.merchantAccountId, 'table-only');
    await t.db.update(licence).set({ serviceName: 'TABLE_ORDER' }).where(eq(licence.merchantBranchId, tableOnly.id));
    const lapsed = await addBranch(t.db, other.merchantAccountId, 'lapsed-demo');
    await t.db.update(licence).set({ licenseStatus: 'PASSIVE' }).where(eq(licence.merchantBranchId, lapsed.id));
    const passive = await addBranch(t.db, other.merchantAccountId, 'passive-store');
    await t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(eq(merchantBranch.id, passive.id));
    const menuOnly = await addBranch(t.db, other.merchantAccountId, 'menu-only');
    await t.db.update(licence).set({ serviceName: 'WEB_MENU' }).where(eq(licence.merchantBranchId, menuOnly.id));
    const shown = names((await list()).body);
    expect(shown).toContain('menu-only');
    expect(shown).not.toContain('table-only');
    expect(shown).not.toContain('lapsed-demo');
    expect(shown).not.toContain('passive-store');

    const dormant = await addMerchant(t.db, { domainName: 'dormant-shop', userName: 'dormant', password: 'Dormant1234' });
    expect(names((await list()).body)).toContain('dormant-shop');
    await t.db.update(merchantAccount).set({ status: 'PASSIVE' }).where(eq(merchantAccount.id, dormant.merchantAccountId));
    expect(names((await list()).body)).not.toContain('dormant-shop');
  });

  it('searches trading and domain names for a text longer than 3 characters, any letter case', async () => {
    expect(names((await search('BISTRO')).body)).toEqual(['demo-bistro']);
    expect(names((await search('corner')).body)).toEqual(['corner-cafe']);
    expect((await search('no such store')).body).toEqual([]);
  });

  it('takes LIKE wildcards in the text as letters', async () => {
    expect(names((await search('100%_off')).body)).toEqual(['corner-cafe']);
    expect((await search('%%%%')).body).toEqual([]);
    expect((await search('____')).body).toEqual([]);
  });

  it('refuses a search of 3 characters or fewer with the rule, and changes nothing', async () => {
    for (const text of ['bis', '  ab  ']) {
      const res = await search(text);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING', details: MARKETPLACE_MESSAGES.searchTooShort });
    }
  });

  it('shows closed today for a store whose schedule has no hours today', async () => {
    const closed = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { openHour: null, closeHour: null, deliveryOpenHour: null, deliveryCloseHour: null }]),
    );
    await t.db.insert(branchSettings).values({ merchantAccountId: other.merchantAccountId, merchantBranchId: other.merchantBranchId, openingHours: closed });
    const card = (await list()).body.find((b) => b.domainName === 'corner-cafe');
    expect(card).toMatchObject({ openAndCloseHours: 'Closed today', open: false });
  });
});

describe('favourites', () => {
  it('are for members: a visitor gets 401 and staff 403', async () => {
    expect((await t.json('PUT', `/api/${MARKETPLACE_PATHS.favorite(demo.branch, true)}`)).status).toBe(401);
    expect((await t.json('PUT', `/api/${MARKETPLACE_PATHS.favorite(demo.branch, true)}`, undefined, demo.merchant)).status).toBe(403);
  });
});

describe('store images by branch id', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

  it('serve a live store’s logo publicly with an ETag, and 404 for a missing image, a PASSIVE store or a bad type', async () => {
    expect((await t.json('GET', `/api/${MARKETPLACE_PATHS.image(other.merchantBranchId, 'LOGO')}`)).status).toBe(404);
    const file = await databaseFiles.save(t.db, other.merchantAccountId, {
      fileName: 'logo.png',
      contentType: 'image/png',
      size: png.length,
      sha256: createHash('sha256').update(png).digest('hex'),
      content: png,
    });
    await t.db.insert(pageSettings).values({ merchantAccountId: other.merchantAccountId, merchantBranchId: other.merchantBranchId, logoFileId: file.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/${MARKETPLACE_PATHS.image(other.merchantBranchId, 'LOGO')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: `/api/${MARKETPLACE_PATHS.image(other.merchantBranchId, 'LOGO')}`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.json('GET', `/api/${MARKETPLACE_PATHS.image(other.merchantBranchId, 'HEADER')}`)).status).toBe(404);
    expect((await t.json('GET', `/api/marketplace/image/branchId/${other.merchantBranchId}/OTHER`)).status).toBe(400);

    const card = (await list()).body.find((b) => b.domainName === 'corner-cafe');
    expect(card?.logoUrl).toBe(`/api/${MARKETPLACE_PATHS.image(other.merchantBranchId, 'LOGO')}`);
    const info = await t.json<StoreInfo>('GET', `/api/merchant/branch/storeInfo/merchantBranchId/${other.merchantBranchId}`);
    expect(info.body).toMatchObject({ hasLogo: true, hasHeaderImage: false, addressText: '2 Market Street, Leeds, LS1 1AA', contactEmail: null });

    await t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(and(eq(merchantBranch.merchantAccountId, other.merchantAccountId), eq(merchantBranch.id, other.merchantBranchId)));
    expect((await t.json('GET', `/api/${MARKETPLACE_PATHS.image(other.merchantBranchId, 'LOGO')}`)).status).toBe(404);
    await t.db.update(merchantBranch).set({ status: 'ACTIVE' }).where(eq(merchantBranch.id, other.merchantBranchId));
  });

  it('store info shows the contact e-mail only when the store chose to', async () => {
    const url = `/api/merchant/branch/storeInfo/merchantBranchId/${demo.branch}`;
    const before = await t.json<StoreInfo>('GET', url);
    expect(before.body.contactEmail).toBeNull();
    await t.db.update(branchSettings).set({ showEmailAddressInTheStoreCard: true }).where(eq(branchSettings.merchantBranchId, demo.branch));
    expect((await t.json<StoreInfo>('GET', url)).body.contactEmail).toBe('owner@demo-bistro.local');
  });
});
