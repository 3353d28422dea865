import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDb } from '../db/open-db';
import { applyReferenceData } from '../db/reference-data';
import { merchantUser } from '../db/schema';
import { addMerchant } from '../test/fixtures';
import { openTestDb } from '../test/harness';
import type { Scope } from './auth';
import { accountRepo } from './branch-repo';

/** An account-owned table through accountRepo: merchant users, reduced to a name and a status. */
const users = accountRepo<typeof merchantUser, { id: number; userName: string; status: string }, { userName: string }>(merchantUser, merchantUser, {
  columns: { id: { column: merchantUser.id, kind: 'number' }, userName: { column: merchantUser.userName, kind: 'text' } },
  toRecord: (r) => ({ id: r.id, userName: r.userName, status: r.status }),
  toRow: (i) => ({ userName: i.userName, firstName: 'Repo', lastName: 'Test', email: 'repo@example.com', mobilePhone: '07700 900100' }),
});

let opened: OpenDb;
let a: Scope;
let b: Scope;
beforeAll(async () => {
  opened = await openTestDb();
  await applyReferenceData(opened.db);
  const ta = await addMerchant(opened.db, { domainName: 'repo-a', userName: 'owner-a', password: 'Owner123' });
  const tb = await addMerchant(opened.db, { domainName: 'repo-b', userName: 'owner-b', password: 'Owner123' });
  a = { merchantAccountId: ta.merchantAccountId, merchantBranchId: ta.merchantBranchId };
  b = { merchantAccountId: tb.merchantAccountId, merchantBranchId: tb.merchantBranchId };
});
afterAll(() => opened.close());

describe('accountRepo', () => {
  it("keeps each account to its own rows, whatever branch the scope names", async () => {
    const { db } = opened;
    const made = await users.create(db, a, { userName: 'shared-name' });
    expect(made).toEqual({ id: expect.any(Number), userName: 'shared-name', status: 'ACTIVE' });
    // Another branch of the same account still reaches it: the account owns the row.
    expect(await users.get(db, { ...a, merchantBranchId: a.merchantBranchId + 1000 }, made.id)).toEqual(made);
    expect(await users.locate(db, made.id)).toEqual({ merchantAccountId: a.merchantAccountId, merchantBranchId: -1 });

    expect(await users.get(db, b, made.id)).toBeUndefined();
    expect(await users.update(db, b, made.id, { userName: 'stolen' })).toBeUndefined();
    expect(await users.setStatus?.(db, b, made.id, 'PASSIVE')).toBeUndefined();
    expect(await users.remove(db, b, made.id)).toBe(false);
    expect((await users.all(db, b)).map((u) => u.id)).not.toContain(made.id);
    expect((await users.list(db, b, { filter: [], sort: [], pageNumber: 0, limit: -1 })).data.map((u) => u.id)).not.toContain(made.id);
    expect(await users.get(db, a, made.id)).toEqual(made);

    expect(await users.update(db, a, made.id, { userName: 'renamed' })).toMatchObject({ userName: 'renamed' });
    expect(await users.setStatus?.(db, a, made.id, 'PASSIVE')).toMatchObject({ status: 'PASSIVE' });
    expect((await users.all(db, a, true)).map((u) => u.id)).not.toContain(made.id);
    expect(await users.remove(db, a, made.id)).toBe(true);
    expect(await users.get(db, a, made.id)).toBeUndefined();
  });
});
