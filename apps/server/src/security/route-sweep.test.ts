import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecret } from '../db/schema';
import { addTillCredential, signInDemo } from '../test/fixtures';
import { type TestApp, createTestApp } from '../test/harness';
import { queryRows } from '../db/rows';

/**
 * The attack run of issue 13 as a test. Every route of the OpenAPI document (a new route joins by
 * being registered) is called:
 * - with no token and with broken tokens (expired, bad signature): exactly what no token gets;
 * - with a till's token outside the till's own routes: refused (or, on a public route, what no token gets);
 * - with the admin's, a merchant's and a till's token, with malformed path parameters and bodies
 *   (NUL characters, lone surrogates, wrong types, huge values, out-of-range dates, coerced ids),
 *   generated with fast-check: a 4xx, never a success and never a 5xx;
 * and every failure carries the typed body ({ type, details }). Nothing any of these calls does may
 * change a row of any table (each table's contents are hashed before and after).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; format?: string };
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: { in: string; name: string }[] };
type Route = { method: Method; path: string; params: string[]; body: JsonSchema | null; multipart: boolean };
type Reply = { status: number; body: unknown };

/** Calls a till makes with its own token (its sync is meant to change what it was sent). */
const TILL_ROUTES = /^\/api\/till\//;
/** The API document's own pages (served by @fastify/swagger-ui, public on purpose). */
const DOCS = /^\/api\/docs/;
/**
 * Tables a public call may write on purpose, with the reason. Everything else must be unchanged by a
 * caller without a valid token; a new public route that writes must be added here, knowingly.
 */
const PUBLIC_WRITES: Record<string, string> = {
  basket: "the storefront's first look at a store makes the guest's empty basket (its id is the guest's capability)",
};
const unchanged = (snap: Record<string, string>) => Object.fromEntries(Object.entries(snap).filter(([table]) => !(table in PUBLIC_WRITES)));
/** Runs of malformed input per route and token kind; bounded so the sweep stays well under a minute on PGlite. */
const RUNS = 3;

let t: TestApp;
let routes: Route[];
const tokens: Record<'admin' | 'merchant' | 'till' | 'expired' | 'badSignature', string> = {
  admin: '',
  merchant: '',
  till: '',
  expired: '',
  badSignature: '',
};

beforeAll(async () => {
  t = await createTestApp();
  const demo = await signInDemo(t);
  tokens.admin = demo.admin;
  tokens.merchant = demo.merchant;
  const cred = await addTillCredential(t.db, { merchantAccountId: demo.demoAccount, merchantBranchId: demo.demoBranch });
  tokens.till = (await t.json<{ accessToken: string }>('POST', '/api/till/auth', { clientId: cred.clientId, clientSecret: cred.clientSecret })).body.accessToken;
  // A merchant's real claims (a live session), signed with the server's key but expired; and the same unexpired, signed with another key.
  const claims = JSON.parse(Buffer.from(tokens.merchant.split('.')[1], 'base64url').toString('utf8'));
  const [secret] = await t.db.select().from(serverSecret).where(eq(serverSecret.name, 'jwt'));
  const now = Math.floor(Date.now() / 1000);
  const sign = (key: string, exp: number) =>
    new SignJWT({ ...claims, exp }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now - 600).sign(new TextEncoder().encode(key));
  tokens.expired = await sign(t.config.jwtSecret ?? secret.value, now - 60);
  tokens.badSignature = await sign('another-key-another-key-another-key-!!', now + 300);

  // The document as a client reads it (it is built on the first /api/docs request, not at start).
  const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body) as { paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    (['get', 'post', 'put', 'delete'] as const).flatMap((m) => {
      const op = ops[m];
      if (!op || DOCS.test(path)) return [];
      const content = op.requestBody?.content ?? {};
      return [
        {
          method: m.toUpperCase() as Method,
          path,
          params: [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
          body: content['application/json']?.schema ?? null,
          multipart: !!content['multipart/form-data'],
        },
      ];
    }),
  );
  // The demo data and the whole OpenAPI document are built here: generous, for a busy machine.
}, 180_000);
afterAll(() => t?.close());

/** Every table's rows, hashed: "nothing changed" means every hash is the same afterwards. */
async function snapshot(): Promise<Record<string, string>> {
  const names = (await queryRows<{ tablename: string }>(t.db, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map((r) => r.tablename);
  const out: Record<string, string> = {};
  for (const n of names) {
    const [h] = await queryRows<{ h: string }>(t.db, sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${n}" x`));
    out[n] = h.h;
  }
  return out;
}

async function call(method: Method, url: string, token: string | null, body?: unknown): Promise<Reply> {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  let parsed: unknown = res.body;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    // a file or a page: only successes send those
  }
  return { status: res.statusCode, body: parsed };
}

/** Percent-encodes a path value; a lone surrogate (which has no UTF-8 form) is sent as the bytes a hostile client would send. */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return v.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%A-Za-z0-9]/g, (c) => encodeURIComponent(c));
  }
};
const fill = (r: Route, values: Record<string, string>) => r.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(values[name] ?? '1'));
const label = (r: Route, what: string) => `${r.method} ${r.path} (${what})`;

/**
 * Routes a person's browser is sent to, answering with a page rather than JSON: the payment
 * simulator's hosted card fields and 3-D Secure challenge stand in for a provider's own pages. Their
 * refusals are still a 4xx that changes nothing; the body is a page the person can read (or, for
 * input refused before the page's own code runs, the typed body).
 */
const BROWSER_PAGES = /^\/api\/payment-simulator\/(fields|cvv|challenge)\b/;

function expectTypedFailure(reply: Reply, where: string) {
  expect(reply.status, `${where}: ${JSON.stringify(reply.body)}`).toBeGreaterThanOrEqual(400);
  expect(reply.status, `${where}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
  if (BROWSER_PAGES.test(where.split(' ')[1] ?? '') && typeof reply.body === 'string') {
    expect(String(reply.body), `${where}: a page`).toMatch(/^<!doctype html>/i);
    return;
  }
  const b = reply.body as { type?: unknown; details?: unknown };
  expect(['ERROR', 'WARNING', 'INFO'], `${where}: typed body ${JSON.stringify(reply.body)}`).toContain(b?.type);
  expect(typeof b?.details, `${where}: details`).toBe('string');
}

// ---- malformed input, generated ----

const NUL = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
const LONE_SURROGATE = fc.constantFrom('\uD800', 'a\uDFFFb', '\uDBFF');
const HUGE = fc.constantFrom('x'.repeat(70_000), `https://x.example/${'9'.repeat(70_000)}`);
const COERCED_ID = fc.constantFrom<unknown>(true, [5], '0x5', ' 5 ', '5e0', '', null, 1.5, -3, 2 ** 40);
const WRONG_TYPE = fc.constantFrom<unknown>({}, [], 'text', false, { $gt: 1 }, 1e308, -(2 ** 60));
const OUT_OF_RANGE_DATE = fc.constantFrom('0000-01-01', '99999-12-31', '-271821-04-20', '294277-01-01T00:00:00Z', '1e21');

/** A bad value for a field of this schema: the wrong kind of thing for its type, or a hostile string. */
function badValue(name: string, schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(NUL, LONE_SURROGATE, HUGE);
  const types = [schema?.type, ...(schema?.anyOf ?? []).map((s) => s.type)].flat();
  if (/(^id$|Id$)/.test(name)) return fc.oneof(COERCED_ID, hostile);
  if (types.includes('string')) return fc.oneof(hostile, WRONG_TYPE);
  return fc.oneof(WRONG_TYPE, hostile);
}

/** A body with one field (or the whole body) replaced by a bad value; table loads also get impossible dates. */
function badBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const props = Object.entries(schema.properties ?? {});
  const variants: fc.Arbitrary<unknown>[] = [fc.constantFrom<unknown>('{"unclosed": ', '[]', '"text"', 42, null)];
  if (props.length) {
    variants.push(
      fc.constantFrom(...props).chain(([name, s]) => badValue(name, s).map((v) => ({ ...minimal(schema), [name]: v }))),
    );
  }
  if (schema.properties?.filter && schema.properties?.limit) {
    variants.push(
      fc
        .tuple(fc.constantFrom('createdDate', 'updatedDate', 'date', 'lastConnectedDate', 'startDate'), OUT_OF_RANGE_DATE, fc.constantFrom('dateIs', 'dateBefore', 'dateAfter', 'between'))
        .map(([name, value, mode]) => ({ filter: [{ name, value: mode === 'between' ? [value, value] : value, filterMatchMode: mode }], sort: [], pageNumber: 0, limit: 10 })),
      fc.constantFrom({ filter: [], sort: [], pageNumber: 2 ** 53, limit: 10 }, { filter: [], sort: [], pageNumber: 0, limit: 10 ** 9 }),
    );
  }
  return fc.oneof(...variants);
}

/** Plausible values for every field, so that the one bad field is what the route meets. */
function minimal(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(schema.properties ?? {})) {
    const type = [s.type, ...(s.anyOf ?? []).map((x) => x.type)].flat().find((x) => x && x !== 'null');
    out[k] = type === 'string' ? 'x' : type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : type === 'array' ? [] : type === 'object' ? {} : null;
  }
  return out;
}

/**
 * Path values a parameter may not hold: anything but plain digits for an id (or a status, type or
 * format, which are words from a list); for a free-text parameter (a name, a barcode) only text
 * that cannot be stored.
 */
const HOSTILE_PARAM = fc.constantFrom('\u0000', 'a\u0000', '\uD800', 'x\uDFFF', 'a'.repeat(600));
const NOT_AN_ID = fc.constantFrom('0x5', ' 5 ', 'true', '1.5', '-0', '05', '99999999999999999999', '[5]', '..%2f..');
const FREE_TEXT_PARAM = /^(name|text|barcode|code|domainName)$/;
const badParam = (name: string) => (FREE_TEXT_PARAM.test(name) ? HOSTILE_PARAM : fc.oneof(NOT_AN_ID, HOSTILE_PARAM));
const badParams = (names: string[]) =>
  fc
    .tuple(...names.map((n) => fc.option(badParam(n), { nil: undefined })))
    .filter((values) => values.some((v) => v !== undefined))
    .map((values) => Object.fromEntries(names.flatMap((n, i) => (values[i] === undefined ? [] : [[n, values[i] as string]]))));

describe('route sweep', () => {
  it('covers every registered route', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.some((r) => r.path === '/api/till/auth')).toBe(true);
  });

  it('no token, an expired or badly signed token, or a till token out of place: refused with a typed body, nothing changed', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const r of routes) {
      try {
      const url = fill(r, {});
      const body = r.body ? {} : undefined;
      const none = await call(r.method, url, null, body);
      expect(none.status, `${label(r, 'no token')}: ${JSON.stringify(none.body)}`).toBeLessThan(500);
      const isPublic = none.status !== 401;
      if (!isPublic) expectTypedFailure(none, label(r, 'no token'));
      for (const kind of ['expired', 'badSignature'] as const) {
        const res = await call(r.method, url, tokens[kind], body);
        expect(res.status, label(r, kind)).toBe(none.status);
        if (res.status >= 400) expectTypedFailure(res, label(r, kind));
      }
      if (!TILL_ROUTES.test(r.path)) {
        const till = await call(r.method, url, tokens.till, body);
        if (isPublic) expect(till.status, label(r, 'till token on a public route')).toBe(none.status);
        else {
          expect([401, 403], `${label(r, 'till token')}: ${JSON.stringify(till.body)}`).toContain(till.status);
          expectTypedFailure(till, label(r, 'till token'));
        }
      }
      } catch (err) {
        failures.push((err as Error).message.split('\n')[0]);
      }
    }
    expect(failures).toEqual([]);
    expect(unchanged(await snapshot())).toEqual(unchanged(before));
  }, 60_000);

  it('malformed path parameters and bodies with every kind of valid token: a typed 4xx, never a success or a 5xx, nothing changed', async () => {
    const before = await snapshot();
    const kinds = ['admin', 'merchant', 'till'] as const;
    const failures: string[] = [];
    for (const r of routes) {
      if (r.multipart) continue; // uploads: their own tests send broken files
      const property = fc.asyncProperty(
        fc.constantFrom(...kinds),
        r.params.length ? badParams(r.params) : fc.constant({}),
        r.body ? badBody(r.body) : fc.constant(undefined),
        async (kind, params, body) => {
          // A route with parameters gets bad ones; one without gets a bad body (a GET without either is left out).
          if (!r.params.length && body === undefined) return;
          const res = await call(r.method, fill(r, params), tokens[kind], r.params.length ? (r.body ? minimal(r.body) : undefined) : body);
          expectTypedFailure(res, `${label(r, kind)} params=${JSON.stringify(params)} body=${JSON.stringify(body)?.slice(0, 200)}`);
        },
      );
      try {
        await fc.assert(property, { numRuns: RUNS, seed: 13, endOnFailure: true });
      } catch (err) {
        failures.push(`${label(r, 'malformed')}: ${(err as Error).message.split('\n').filter((l) => /Counterexample|AssertionError|Error:/.test(l)).join(' | ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('a NUL character in a public route is a 400 with a clear message (both logins, till auth, the domain lookup)', async () => {
    const nul = 'a\u0000b';
    const invalid = { type: 'WARNING', details: 'This field contains a character that is not allowed.' };
    for (const [method, url, body] of [
      ['POST', '/api/adminuser/security/login', { userName: nul, password: 'x' }],
      ['POST', '/api/v1/auth/login', { domainName: 'demo-bistro', userName: 'owner', password: nul }],
      ['POST', '/api/till/auth', { clientId: nul, clientSecret: 'x' }],
      ['POST', `/api/adminuser/security/tokens/code/${encodeURIComponent(`${nul}${'x'.repeat(20)}`)}`, undefined],
    ] as const) {
      const res = await call(method, url, null, body);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject(invalid);
    }
    const lookup = routes.find((r) => /domainName\/\{/.test(r.path));
    expect(lookup, 'the public domain lookup').toBeDefined();
    if (lookup) expect(await call(lookup.method, fill(lookup, { name: nul }), null)).toMatchObject({ status: 400, body: invalid });
  });

  it("Fastify's own refusals carry the typed body: a parameter over the length limit, a malformed URL (400)", async () => {
    const long = await call('GET', `/api/storemanagement/tax/${'1'.repeat(200)}`, tokens.merchant);
    expectTypedFailure(long, 'a 200-digit id');
    const bad = await call('GET', '/api/storemanagement/tax/%E0%A4%A', tokens.merchant);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: 'WARNING' });
  });

  it("ids are never coerced: an admin's { id: true } changes nobody's password; a merchant naming another account is refused", async () => {
    const before = await snapshot();
    const admin = { userName: 'admin', mobilePhone: '07700 900100', firstName: 'Platform', lastName: 'Admin', email: 'admin@tillpoint.local', password: 'Changed1234' };
    for (const id of [true, [1], '0x1', ' 1 ', '1e0', 1.0000001, {}]) {
      const res = await call('PUT', '/api/adminuser/update', tokens.admin, { ...admin, id });
      expect(res.status, JSON.stringify(id)).toBe(400);
    }
    for (const p of ['0x1', '%201%20', 'true', '01']) {
      expect((await call('GET', `/api/adminuser/${p}`, tokens.admin)).status, p).toBe(400);
    }
    const create = await call('POST', '/api/merchantuser/create', tokens.merchant, {
      merchantAccountId: 999_999,
      userName: 'intruder',
      firstName: 'In',
      lastName: 'Truder',
      email: 'intruder@example.com',
      mobilePhone: '07700 900123',
      roleIds: [1],
      branchIds: [1],
    });
    expect([400, 403], JSON.stringify(create.body)).toContain(create.status);
    expect(await snapshot()).toEqual(before);
  });

  it('a lone surrogate in the QR url is a 400, not a 500', async () => {
    const qr = routes.filter((r) => /generatebarcode/.test(r.path) && r.method === 'POST');
    expect(qr.length).toBeGreaterThan(0);
    for (const r of qr) {
      const res = await call(r.method, fill(r, {}), tokens.admin, { url: 'https://demo.example/\uD800', numberOfTables: 2 });
      expect(res.status, r.path).toBe(400);
    }
  });
});
