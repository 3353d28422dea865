import type { TillUser } from '@tillpoint/contracts/till-user';
import type { Db } from '../../db/open-db';
import { tillUser } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ResourceRepo, branchRepo } from '../../platform/branch-repo';

type TillUserInput = { name: string };

const toTillUser = (r: typeof tillUser.$inferSelect): TillUser => ({ id: r.id, merchantBranchId: r.merchantBranchId, name: r.name });

/** Till users of a branch: the generic branch-owned data functions. */
export const tillUserRepo: ResourceRepo<TillUser, TillUserInput> = branchRepo<typeof tillUser, TillUser, TillUserInput>(tillUser, tillUser, {
  columns: { id: { column: tillUser.id, kind: 'number' }, name: { column: tillUser.name, kind: 'text' } },
  toRecord: toTillUser,
  toRow: (i) => ({ name: i.name }),
});

/**
 * A till reports its operators: names new to the branch are added, the others kept as they are
 * (a till never deletes what another till of the branch reported).
 */
export async function addTillUserNames(db: Db, s: Scope, names: string[]): Promise<TillUser[]> {
  const unique = [...new Set(names)];
  await db
    .insert(tillUser)
    .values(unique.map((name) => ({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId, name })))
    .onConflictDoNothing();
  return tillUserRepo.all(db, s);
}
