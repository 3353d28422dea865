import { describe, expect, it } from 'vitest';
import { domainNameSchema } from '@tillpoint/contracts/merchant-branch';
import { SERVER_PATH_NAMES, STOREFRONT_PAGE_NAMES } from '@tillpoint/contracts/storefront-routes';

// The router reads the address bar when it loads; the test has no browser, so it gets a bare one.
Object.assign(globalThis, { window: { location: { pathname: '/', search: '' }, addEventListener: () => undefined } });
const { matchRoute } = await import('./router');

describe('storefront routes and branch domain names', () => {
  it('every name the router takes as a page is one the server refuses as a domain name', () => {
    // Any first segment the router does not read as a store's domain name must be in the shared list.
    const probes = ['marketplace', 'confirmOrder', 'approveOrder', 'login', 'tableNo', 'display', 'accountDetails', 'paymentMethods', 'address', 'myOrders', 'complaintSuggestion', 'api', 'admin', 'merchant', 'assets'];
    for (const name of probes) {
      const route = matchRoute(`/${name}/x`);
      expect(route.page === 'store' && route.domainName === name, name).toBe(false);
      expect([...STOREFRONT_PAGE_NAMES, ...SERVER_PATH_NAMES] as string[], name).toContain(name);
      expect(domainNameSchema.safeParse(name).success, name).toBe(false);
    }
    for (const name of [...STOREFRONT_PAGE_NAMES, ...SERVER_PATH_NAMES]) {
      const route = matchRoute(`/${name}`);
      expect(route.page === 'store' && route.domainName === name, name).toBe(false);
    }
  });

  it("a store's domain name is a store", () => {
    expect(matchRoute('/demo-bistro')).toEqual({ page: 'store', domainName: 'demo-bistro', tableNo: null });
    expect(domainNameSchema.safeParse('demo-bistro').success).toBe(true);
  });
});
