import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { taxInputSchema, taxSchema } from '@tillpoint/contracts/tax';
import { APP_MODULES } from '../app-modules';
import { tax } from '../db/schema';
import { taxRepo } from '../modules/tax/tax.repo';
import { addMerchant } from '../test/fixtures';
import { type TestApp, createTestApp } from '../test/harness';
import { type Tenant, routeRecorder, tenantLeaks } from '../test/tenant-sweep';
import type { ResourceRepo } from './branch-repo';
import type { AppModule } from './module';
import { registerResourceRoutes, registeredResources } from './resource-routes';

/**
 * ARCHITECTURE §3 "one tenant never sees another's data", checked over every resource base the app
 * registers: a module joins the sweep by calling registerResourceRoutes, not by being listed here.
 */

// A base whose repo forgets the tenant when reading by id: the sweep must catch it.
const LEAKY = 'test/leakytax/';
const leakyRepo: ResourceRepo<unknown, { name: string; rate: number }> = {
  ...taxRepo,
  get: async (db, _scope, id) => {
    const [row] = await db.select().from(tax).where(eq(tax.id, id));
    return row && { id: row.id, name: row.name, rate: row.rateBp / 100 };
  },
};
const leakyModule: AppModule = {
  name: 'leaky',
  routes: (app, { db }) =>
    registerResourceRoutes(app, db, {
      base: LEAKY,
      objectName: OBJECTS.tax,
      tag: 'Leaky',
      record: taxSchema,
      input: taxInputSchema,
      repo: leakyRepo,
      sample: { name: 'Leaky sample', rate: 5 },
    }),
};
// A merchant base without a sample: the sweep cannot try it, so it must say so.
const unsampledModule: AppModule = {
  name: 'unsampled',
  routes: (app, { db }) =>
    registerResourceRoutes(app, db, { base: 'test/unsampled/', objectName: OBJECTS.tax, tag: 'Unsampled', record: taxSchema, input: taxInputSchema, repo: taxRepo }),
};

const recorder = routeRecorder();
let t: TestApp;
let a: Tenant;
let b: Tenant;
let problems: string[];

beforeAll(async () => {
  t = await createTestApp({ modules: [recorder.module, ...APP_MODULES, leakyModule, unsampledModule] });
  const owner = await t.signIn('merchant');
  a = { token: owner.accessToken, scope: { merchantAccountId: owner.userDTO.merchantAccountId, merchantBranchId: owner.userDTO.merchantBranchId } };
  const other = await addMerchant(t.db, { domainName: 'sweep-other', userName: 'sweeper', password: 'Sweep1234' });
  const signedIn = await t.signIn('merchant', { domainName: 'sweep-other', userName: 'sweeper', password: 'Sweep1234' });
  b = { token: signedIn.accessToken, scope: { merchantAccountId: other.merchantAccountId, merchantBranchId: other.merchantBranchId } };
  const admin = (await t.signIn('admin')).accessToken;
  // One sweep: it makes a record per base, and a second would meet the first's unique names.
  problems = await tenantLeaks(t, recorder.routes, { a, b, admin });
});
afterAll(() => t.close());

describe('tenant sweep', () => {
  it('every registered resource base keeps each tenant to its own records', async () => {
    const bases = registeredResources(t.app).map((r) => r.base);
    // The app's own bases are all swept (the two test bases are judged below).
    expect(bases).toEqual(expect.arrayContaining(['storemanagement/tax/', 'merchant/credentials/', 'merchant/credit/', 'merchant/license/', 'merchantuser/tilluser/']));
    const ofTestBases = (p: string) => p.includes(LEAKY) || p.includes('test/unsampled/');
    expect(problems.filter((p) => !ofTestBases(p))).toEqual([]);
  });

  it('fails for a base whose repo reads by id without the tenant, and for a merchant base without a sample', () => {
    expect(problems).toContainEqual(expect.stringMatching(/^GET \/api\/test\/leakytax\/\d+ as tenant B: 200 .*Leaky sample.* \(expected 404\)$/));
    expect(problems).toContain('test/unsampled/: a merchant base registered without a sample record for the tenant sweep');
  });
});
