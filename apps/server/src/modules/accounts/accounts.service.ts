import { eq } from 'drizzle-orm';
import type { MerchantAccount } from '@tillpoint/contracts/merchant-account';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { Db } from '../../db/open-db';
import { merchantBranch } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { purgeTenant } from '../../platform/tenancy';
import { lockAccount, toAccount } from './accounts.repo';

/**
 * Deleting an account deletes the whole tenant (branches, users, licences, credentials, credits,
 * settings, files, sessions), never leaving orphans. An account without branches goes at once (a
 * mistaken new record); one with branches only once it is PASSIVE, so a live store is never
 * deleted by one click: switching it off first is the deliberate step. All or nothing, in one
 * transaction; the account row stays locked so no branch can be added meanwhile.
 */
export async function deleteAccount(db: Db, id: number): Promise<MerchantAccount> {
  return db.transaction(async (tx) => {
    const row = await lockAccount(tx, id);
    if (!row) throw notFound();
    const branches = await tx.$count(merchantBranch, eq(merchantBranch.merchantAccountId, id));
    if (branches > 0 && row.status !== 'PASSIVE') throw conflict(MESSAGES.accountHasBranches);
    await purgeTenant(tx, id);
    return toAccount(row);
  });
}
