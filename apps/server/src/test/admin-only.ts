import { expect } from 'vitest';
import type { TestApp } from './harness';

export type Route = readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?];

/**
 * Every route is for administrators only: without a token 401, with a merchant's token 403, both
 * with a typed body, whatever the body (the caller is checked before the body is validated).
 */
export async function expectAdminOnly(t: TestApp, merchantToken: string, routes: readonly Route[]) {
  for (const [method, url, body] of routes) {
    const anonymous = await t.json<{ type: string; details: string }>(method, url, body);
    expect(anonymous.status, `${method} ${url} without a token`).toBe(401);
    expect(anonymous.body.type, `${method} ${url} without a token`).toBe('ERROR');
    const merchant = await t.json<{ type: string; details: string }>(method, url, body, merchantToken);
    expect(merchant.status, `${method} ${url} with a merchant token`).toBe(403);
    expect(merchant.body, `${method} ${url} with a merchant token`).toEqual({ type: 'ERROR', details: 'Not Authorized' });
  }
}

export type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
export const REQUIRED = 'Please fill the required fields!';
export const MAX_TEXT = 'You can enter up to 255 characters in this field.';
export const TABLE = (over: object = {}) => ({ filter: [], sort: [], pageNumber: 0, limit: 10, ...over });
