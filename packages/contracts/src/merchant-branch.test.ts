import { describe, expect, it } from 'vitest';
import { domainNameSchema } from './merchant-branch';
import { SERVER_PATH_NAMES, STOREFRONT_PAGE_NAMES } from './storefront-routes';

describe('domain name', () => {
  it('is trimmed and lower-cased', () => {
    expect(domainNameSchema.parse('  The-Corner-42 ')).toBe('the-corner-42');
  });
  it('allows letters, digits and single inner hyphens, up to 63 characters', () => {
    for (const ok of ['a', 'demo-bistro', 'a1-b2-c3', 'x'.repeat(63)]) expect(domainNameSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['-a', 'a-', 'a--b', 'a b', 'a/b', 'café', 'a.b', 'x'.repeat(64)]) expect(domainNameSchema.safeParse(bad).success, bad).toBe(false);
  });
  it("refuses the names the web app's own pages use", () => {
    for (const reserved of ['admin', 'API', 'marketplace', 'display', 'approveOrder', 'ConfirmOrder', 'myorders', ...STOREFRONT_PAGE_NAMES, ...SERVER_PATH_NAMES]) {
      expect(domainNameSchema.safeParse(reserved).error?.issues[0].message).toBe('This Domain Name is reserved. Please choose another one.');
    }
  });
});
