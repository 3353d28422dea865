import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberMenuItem, WebMenu } from '@tillpoint/contracts/web-menu';
import { webMenu } from '../../db/schema';
import { databaseFiles } from '../../platform/files';
import { catalogueWorld, oneFile } from '../catalogue/catalogue-test-kit';
import { storePageMenu } from './web-menu-member';

/**
 * The store page's menu preloads (platform/web-app.ts sends them as a Link header with the page): the
 * first category's image, as the store page shows it, and the top level's menu calls, per store, from
 * the kept menu.
 */
let w: Awaited<ReturnType<typeof catalogueWorld>>;
const B = 'storemanagement/webmenu/';
const M = 'storemanagement/webmenumember/status/active/member/';

async function pictured(name: string, menuDisplayNo: number, token: string, colour: string) {
  const menu = (await w.api<WebMenu>('POST', `${B}create`, { name, menuDisplayNo }, token)).body;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } }).png().toBuffer();
  const body = oneFile(png, 'a.png');
  const res = await w.t.app.inject({
    method: 'PUT',
    url: `/api/${B}image/upload/${menu.id}/WEB`,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return menu;
}

/** The calls store-page.tsx makes first, preloaded as the web app's API client asks for them. */
const menuCalls = (branchId: number) => [
  { href: `/api/${M}shortcuts/${branchId}`, as: 'fetch' },
  { href: `/api/${M}${branchId}/-1`, as: 'fetch' },
];
const shortcuts = async (branchId: number) => (await w.t.app.inject({ url: `/api/${M}shortcuts/${branchId}` })).json() as MemberMenuItem[];

beforeAll(async () => {
  w = await catalogueWorld();
  await w.t.db.delete(webMenu);
  await pictured('Food', 1, w.tok.owner, '#ff0000');
  await pictured('Drinks', 2, w.tok.owner, '#00ff00');
  await pictured('Cakes', 1, w.tok.other, '#0000ff');
});
afterAll(() => w.t.close());

describe('the store page’s menu preloads', () => {
  it('names the first category’s image, as the store page shows it, at high priority, and the top level’s calls', async () => {
    const preloads = storePageMenu(w.t.db, databaseFiles);
    const [first] = await shortcuts(w.scope.merchantBranchId);
    expect(first.name).toBe('Food');
    expect(first.imageUrl).toMatch(/^\/api\/.+\?v=/);
    const mine = [{ href: first.imageUrl, as: 'image', fetchPriority: 'high' }, ...menuCalls(w.scope.merchantBranchId)];
    expect(await preloads('demo-bistro')).toEqual(mine);
    // Domain names are matched in any letter case, as the storefront's own look-up does.
    expect(await preloads('Demo-Bistro')).toEqual(mine);
  });

  it('gives another store its own image, and an unknown store none', async () => {
    const preloads = storePageMenu(w.t.db, databaseFiles);
    const [theirs] = await shortcuts(w.other.merchantBranchId);
    expect(theirs.name).toBe('Cakes');
    expect(await preloads('other-cafe')).toEqual([{ href: theirs.imageUrl, as: 'image', fetchPriority: 'high' }, ...menuCalls(w.other.merchantBranchId)]);
    expect(await preloads('no-such-store')).toEqual([]);
  });

  it('reads nothing on a repeated page load, and follows the menu when it changes', async () => {
    const preloads = storePageMenu(w.t.db, databaseFiles);
    await preloads('demo-bistro');
    const select = vi.spyOn(w.t.db, 'select');
    const execute = vi.spyOn(w.t.db, 'execute');
    try {
      await preloads('demo-bistro');
      expect(select).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
    // Drinks moves first: the next page load names its image.
    const drinks = (await shortcuts(w.scope.merchantBranchId)).find((c) => c.name === 'Drinks') as MemberMenuItem;
    expect((await w.api('PUT', `${B}display`, [{ id: drinks.id, name: 'Drinks', menuDisplayNo: 0 }])).status).toBe(200);
    await expect.poll(async () => (await preloads('demo-bistro'))[0]?.href).toBe(drinks.imageUrl);
  });
});
