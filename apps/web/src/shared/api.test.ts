import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX, INLINED_REPLIES_ID } from '@tillpoint/contracts/api-paths';
import { api } from './api';

// The page as a store's page comes (platform/web-app.ts): one reply written into it, by address.
const menu = [{ id: 1, name: 'Starters' }];
const fetched: string[] = [];
beforeAll(() => {
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === INLINED_REPLIES_ID ? { textContent: JSON.stringify({ [`${API_PREFIX}menu/1`]: menu }) } : null),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    fetched.push(`${init.method} ${url}`);
    return new Response(JSON.stringify({ from: 'server' }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('replies written into the page (a store page)', () => {
  it('the first GET of an address takes its reply without a request; later calls and other methods ask the server', async () => {
    expect(await api.put('menu/1')).toEqual({ ok: true, status: 200, body: { from: 'server' } });
    expect(await api.get('menu/1')).toEqual({ ok: true, status: 200, body: menu });
    expect(await api.get('menu/1')).toEqual({ ok: true, status: 200, body: { from: 'server' } });
    expect(await api.get('menu/2')).toEqual({ ok: true, status: 200, body: { from: 'server' } });
    expect(fetched).toEqual([`PUT ${API_PREFIX}menu/1`, `GET ${API_PREFIX}menu/1`, `GET ${API_PREFIX}menu/2`]);
  });
});
