import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MODULES } from '../../app-modules';
import { memberUser } from '../../db/schema';
import { requireUser } from '../../platform/auth';
import type { AppModule } from '../../platform/module';
import { testHash } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { routeRecorder } from '../../test/tenant-sweep';

/**
 * Issue 11: a member token is refused on every staff and admin route, and staff tokens on every
 * member route, checked over every route the app registers (a new route joins by existing).
 * Member routes are the member's own areas below; every other route that turns a visitor away must
 * turn a member away too.
 */
const MEMBER_AREAS = [
  '/api/memberuser/',
  '/api/memberbilling/',
  '/api/marketplace/branchid/',
  '/api/storemanagement/basket/setBasketToLoginUser/',
  '/api/storemanagement/basket/previousOrders/',
  '/api/storemanagement/basket/previousorders',
];
const isMemberRoute = (url: string) => MEMBER_AREAS.some((p) => url.startsWith(p)) && !url.startsWith('/api/memberuser/security/');
const refused = (status: number) => status === 401 || status === 403;

type Route = { method: string; url: string };
type Tokens = { admin: string; merchant: string; member: string };

/** Every breach, one line each: a route a visitor cannot use that a member can, or a member route staff can. */
async function tokenLeaks(t: TestApp, routes: readonly Route[], tokens: Tokens): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  // Only the status matters (some routes answer images or files).
  const call = async (method: string, url: string, body: unknown, token?: string) =>
    (
      await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      })
    ).statusCode;
  for (const r of routes) {
    const method = r.method;
    if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method) || !r.url.startsWith('/api/') || r.url.includes('*')) continue;
    const url = r.url.replace(/:[A-Za-z]+/g, '1');
    if (seen.has(`${method} ${url}`)) continue;
    seen.add(`${method} ${url}`);
    const body = method === 'POST' || method === 'PUT' ? {} : undefined;
    const anonymous = await call(method, url, body);
    if (isMemberRoute(r.url)) {
      if (!refused(anonymous)) continue; // a public part of a member area
      for (const kind of ['admin', 'merchant'] as const) {
        const status = await call(method, url, body, tokens[kind]);
        if (!refused(status)) problems.push(`${method} ${r.url} with a ${kind} token: ${status} (expected 401 or 403)`);
      }
      continue;
    }
    // A route that answers a visitor 401/403 (or checks the body first: 400) must answer a member the same way.
    if (!refused(anonymous) && anonymous !== 400) continue;
    const status = await call(method, url, body, tokens.member);
    if (!refused(status) && !(anonymous === 400 && status === 400)) problems.push(`${method} ${r.url} with a member token: ${status} (a visitor gets ${anonymous})`);
  }
  return problems;
}

// Routes that let any signed-in user in (no user type named): the sweep must catch both directions.
const careless: AppModule = {
  name: 'careless',
  routes: (app: FastifyInstance) => {
    app.get('/api/test/anysigned/report', async (req) => ({ who: requireUser(req).userType }));
    app.get('/api/memberuser/test/anysigned', async (req) => ({ who: requireUser(req).userType }));
  },
};

const recorder = routeRecorder();
let t: TestApp;
let problems: string[];
beforeAll(async () => {
  t = await createTestApp({ modules: [recorder.module, ...APP_MODULES, careless] });
  await t.db.insert(memberUser).values({ email: 'sweep.member@example.com', firstName: 'Sweep', lastName: 'Member', emailVerified: true, passwordHash: await testHash('Member1234') });
  const login = await t.json<{ code: string }>('POST', '/api/memberuser/security/login', { email: 'sweep.member@example.com', password: 'Member1234' });
  const member = await t.json<{ accessToken: string }>('POST', `/api/memberuser/security/tokens/code/${login.body.code}`);
  const tokens = { admin: (await t.signIn('admin')).accessToken, merchant: (await t.signIn('merchant')).accessToken, member: member.body.accessToken };
  problems = await tokenLeaks(t, recorder.routes, tokens);
}, 240_000);
afterAll(() => t.close());

describe('member and staff tokens stay on their own sides', () => {
  it('sweeps a real number of routes, member ones among them', () => {
    const api = recorder.routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(150);
    expect(api.filter((r) => isMemberRoute(r.url)).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a member token on every staff and admin route, and staff tokens on every member route', () => {
    expect(problems.filter((p) => !p.includes('/anysigned'))).toEqual([]);
  });

  it('catches a route that lets any signed-in user in, on either side', () => {
    expect(problems).toContain('GET /api/test/anysigned/report with a member token: 200 (a visitor gets 401)');
    expect(problems).toContain('GET /api/memberuser/test/anysigned with a admin token: 200 (expected 401 or 403)');
    expect(problems).toContain('GET /api/memberuser/test/anysigned with a merchant token: 200 (expected 401 or 403)');
  });
});
