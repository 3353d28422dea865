import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.resetData();
  token = (await t.signIn('merchant')).accessToken;
});

describe('tax', () => {
  it('creates, lists, updates and deletes a tax', async () => {
    const created = await t.json<{ id: number; name: string; rate: number }>('POST', '/api/storemanagement/tax/create', { name: 'Luxury', rate: 17.5 }, token);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Luxury', rate: 17.5 });
    const page = await t.json<{ data: { name: string }[]; totalCount: number }>(
      'PUT',
      '/api/storemanagement/tax/all',
      { filter: [{ name: 'name', value: 'lux', filterMatchMode: 'contains' }], sort: [], pageNumber: 0, limit: 5 },
      token,
    );
    expect(page.body).toEqual({ data: [{ id: created.body.id, name: 'Luxury', rate: 17.5 }], totalCount: 1 });
    const updated = await t.json('PUT', '/api/storemanagement/tax/update', { id: created.body.id, name: 'Luxury', rate: 18 }, token);
    expect(updated.body).toMatchObject({ rate: 18 });
    expect((await t.json('DELETE', `/api/storemanagement/tax/${created.body.id}`, undefined, token)).status).toBe(200);
    expect((await t.json('GET', `/api/storemanagement/tax/${created.body.id}`, undefined, token)).status).toBe(404);
  });
});
