import { eq } from 'drizzle-orm';
import type { Credit, CreditFields, CreditType, CreditUpdate } from '@tillpoint/contracts/credit';
import type { Status } from '@tillpoint/contracts/enums';
import type { Db } from '../../db/open-db';
import { credit } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ResourceRepo, branchRepo } from '../../platform/branch-repo';
import { checkCreditValueUnchanged } from './credits.rules';
import { ownedBy } from '../../platform/tenancy';
import { recordDates } from '../../platform/record-dates';

type CreditRow = typeof credit.$inferSelect;
/** The update body without its id: the value may be left out (it cannot change). */
export type CreditChanges = Omit<CreditUpdate, 'id'>;

export const toCredit = (r: CreditRow): Credit => ({
  id: r.id,
  merchantBranchId: r.merchantBranchId,
  creditValue: r.creditValue,
  creditUsed: r.creditUsed,
  creditType: r.creditType as CreditType,
  description: r.description,
  status: r.status as Status,
  ...recordDates(r),
});

const base = branchRepo<typeof credit, Credit, CreditFields>(credit, credit, {
  columns: {
    id: { column: credit.id, kind: 'number' },
    creditValue: { column: credit.creditValue, kind: 'number' },
    creditUsed: { column: credit.creditUsed, kind: 'number' },
    creditType: { column: credit.creditType, kind: 'text' },
    description: { column: credit.description, kind: 'text' },
    status: { column: credit.status, kind: 'text' },
    createdDate: { column: credit.createdDate, kind: 'date' },
  },
  toRecord: toCredit,
  // creditUsed is the server's: look-ups spend it, no form writes it.
  toRow: (i) => ({ creditValue: i.creditValue, creditType: i.creditType, description: i.description ?? null, status: i.status }),
});

const byId = (s: Scope, id: number) => ownedBy(credit, s, eq(credit.id, id));

/** Saves type, description and status; the value stays as first saved (a different one is refused). */
async function updateCredit(db: Db, s: Scope, id: number, input: CreditChanges) {
  return db.transaction(async (tx) => {
    const [stored] = await tx.select().from(credit).where(byId(s, id)).for('update');
    if (!stored) return undefined;
    checkCreditValueUnchanged(stored.creditValue, input.creditValue);
    const [row] = await tx
      .update(credit)
      .set({ creditType: input.creditType, description: input.description ?? null, status: input.status, updatedDate: new Date() })
      .where(byId(s, id))
      .returning();
    return toCredit(row);
  });
}

export const creditRepo: ResourceRepo<Credit, CreditFields, CreditChanges> = { ...base, update: updateCredit };
