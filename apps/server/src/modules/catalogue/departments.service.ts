import { and, count, eq } from 'drizzle-orm';
import { DEPARTMENT_MESSAGES, type DepartmentTransferResult, NO_DEPARTMENT } from '@tillpoint/contracts/department';
import type { Db } from '../../db/open-db';
import { department, product } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { HttpError, badRequest, notFound } from '../../platform/errors';
import { ownedBy } from '../../platform/tenancy';
import { departmentHasMixAndMatch } from '../mix-and-match/mix-and-match.repo';
import { getDepartment } from './departments.repo';

const productsOf = (s: Scope, departmentId: number) => ownedBy(product, s, eq(product.departmentId, departmentId));

export async function departmentProductCount(db: Db, s: Scope, departmentId: number) {
  const [r] = await db.select({ n: count() }).from(product).where(productsOf(s, departmentId));
  return Number(r?.n ?? 0);
}

/** A department that still has products is deleted only with a transfer (409 otherwise). */
export async function refuseDeleteWithProducts(db: Db, s: Scope, departmentId: number) {
  if ((await departmentProductCount(db, s, departmentId)) > 0) throw new HttpError(409, DEPARTMENT_MESSAGES.productsRemain);
}

/**
 * DELETE department/{id}/transferDepartmentId/{otherId}: moves the department's products to the
 * other department and deletes it, in one transaction, so the products never point nowhere and a
 * failure moves nothing. otherId -1 means no receiving department: allowed only when it has no
 * products. The department row is locked, so a product saved into it meanwhile waits and then fails.
 */
export async function deleteDepartmentWithTransfer(db: Db, s: Scope, id: number, otherId: number): Promise<DepartmentTransferResult> {
  return db.transaction(async (tx) => {
    const existing = await getDepartment(tx, s, id);
    if (!existing) throw notFound();
    await tx.select({ id: department.id }).from(department).where(ownedBy(department, s, eq(department.id, id))).for('update');
    let movedProducts = 0;
    if (otherId === NO_DEPARTMENT) {
      await refuseDeleteWithProducts(tx, s, id);
    } else {
      if (otherId === id) throw badRequest(DEPARTMENT_MESSAGES.transferToItself);
      if (!(await getDepartment(tx, s, otherId))) throw notFound();
      const moved = await tx
        .update(product)
        .set({ departmentId: otherId, updatedDate: new Date() })
        .where(and(productsOf(s, id)))
        .returning({ id: product.id });
      movedProducts = moved.length;
    }
    await tx.delete(department).where(ownedBy(department, s, eq(department.id, id)));
    return { ...existing, movedProducts };
  });
}

/**
 * GET department/{id}/hasConnectedAnyMixAndMatch: whether an offer of the branch holds a product of
 * the department (the mix and match area answers from its offers).
 */
export async function hasConnectedAnyMixAndMatch(db: Db, s: Scope, id: number): Promise<boolean> {
  if (!(await getDepartment(db, s, id))) throw notFound();
  return departmentHasMixAndMatch(db, s, id);
}
