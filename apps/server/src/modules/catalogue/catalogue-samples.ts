import type { Db } from '../../db/open-db';
import { department, product, productClass, productGroup, productTag, tax } from '../../db/schema';
import type { Scope } from '../../platform/auth';

/**
 * Records the tenant sweep (platform/tenant-sweep.test.ts) makes for a tenant, one per catalogue
 * base. Inserted directly because a department needs the tenant's own tax, a product its own
 * department, and so on.
 */
const keys = (s: Scope) => ({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId });
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

export async function sampleDepartment(db: Db, s: Scope): Promise<number> {
  const [t] = await db.insert(tax).values({ ...keys(s), name: `Sweep tax ${unique()}`, rateBp: 2000 }).returning({ id: tax.id });
  const [d] = await db.insert(department).values({ ...keys(s), name: `Sweep department ${unique()}`, taxId: t.id }).returning({ id: department.id });
  return d.id;
}

export async function sampleProduct(db: Db, s: Scope): Promise<number> {
  const departmentId = await sampleDepartment(db, s);
  const [p] = await db
    .insert(product)
    .values({ ...keys(s), name: 'Sweep product', barcode: unique().slice(0, 14), departmentId, price: 100 })
    .returning({ id: product.id });
  return p.id;
}

export const sampleProductGroup = async (db: Db, s: Scope) =>
  (await db.insert(productGroup).values({ ...keys(s), name: 'Sweep group' }).returning({ id: productGroup.id }))[0].id;
export const sampleProductTag = async (db: Db, s: Scope) =>
  (await db.insert(productTag).values({ ...keys(s), name: `Sweep tag ${unique()}`, shortName: 'SW' }).returning({ id: productTag.id }))[0].id;
export const sampleSupplier = { name: 'Sweep supplier', email: 'sweep@example.com' };
export const sampleDevice = { name: 'Sweep printer', networkAddress: '10.0.0.9', kind: 'KITCHEN' };
export const sampleProductClass = async (db: Db, s: Scope) =>
  (await db.insert(productClass).values({ ...keys(s), name: `Sweep class ${unique()}` }).returning({ id: productClass.id }))[0].id;
