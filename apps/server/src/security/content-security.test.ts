import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ENDPOINTS } from '@tillpoint/contracts/payment-providers';
import { type TestApp, createTestApp } from '../test/harness';

/** The content security policy lets the checkout's card fields work and nothing more (app.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ modules: [] });
});
afterAll(() => t.close());

const policy = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/actuator/health' });
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(header.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
};

describe('content security policy', () => {
  it("scripts, calls and frames from our origin and the card providers' own hosts only; no inline scripts", async () => {
    const csp = await policy();
    const hosts = Object.values(PROVIDER_ENDPOINTS).flatMap((env) => Object.values(env).map((e) => new URL(e.jsUrl).origin));
    expect(hosts).toContain('https://sandbox.opayo.eu.elavon.com');
    for (const directive of ['script-src', 'connect-src', 'frame-src']) {
      expect(csp[directive]).toContain("'self'");
      for (const host of hosts) expect(csp[directive]).toContain(host);
    }
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  it("Google's sign-in button may load, call, frame and style from its /gsi/ path only", async () => {
    const csp = await policy();
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'style-src']) expect(csp[directive]).toContain('https://accounts.google.com/gsi/');
    expect(Object.values(csp).flat()).not.toContain('https://accounts.google.com');
  });

  it("the till mode may call the till's own local service on any port, and load nothing from it", async () => {
    const csp = await policy();
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['http://localhost:*', 'http://127.0.0.1:*']));
    for (const directive of ['script-src', 'frame-src', 'style-src', 'img-src']) expect(csp[directive].some((v: string) => /localhost|127\.0\.0\.1/.test(v))).toBe(false);
  });

  it("a 3-D Secure challenge may post to the card issuer's https page; other pages may not frame ours", async () => {
    const csp = await policy();
    expect(csp['form-action']).toEqual(["'self'", 'https:']);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
  });
});

describe("helmet's headers, worked out once (platform/response-headers.ts)", () => {
  it('come on every reply: a route, an unknown API path and a refused call alike', async () => {
    for (const url of ['/api/actuator/health', '/api/no-such-call', '/api/storemanagement/tax/all']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      // Sent only over HTTPS (response-headers.ts), and no framework advertised.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});
