import { type SQL, and, asc, count, eq } from 'drizzle-orm';
import type { Department, DepartmentInput } from '@tillpoint/contracts/department';
import { fromHundredths, toHundredths } from '@tillpoint/contracts/price-calculator';
import type { Db } from '../../db/open-db';
import { department, tax } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ResourceRepo, branchRecordCalls } from '../../platform/branch-repo';
import { type TableColumns, hundredthsColumn, loadTable } from '../../platform/table-load';
import { ownedBy } from '../../platform/tenancy';
import { requireOwned } from '../../platform/tenancy';

const columns: TableColumns = {
  id: { column: department.id, kind: 'number' },
  name: { column: department.name, kind: 'text' },
  status: { column: department.status, kind: 'text' },
  taxName: { column: tax.name, kind: 'text' },
  taxRate: hundredthsColumn(tax.rateBp),
  ageRestricted: { column: department.ageRestricted, kind: 'boolean' },
  excludePromotion: { column: department.excludePromotion, kind: 'boolean' },
  profitMargin: hundredthsColumn(department.profitMarginBp),
};

const fields = { d: department, taxName: tax.name, taxRateBp: tax.rateBp };
type Row = { d: typeof department.$inferSelect; taxName: string; taxRateBp: number };

const hundredthsOrNull = (n: number | null) => (n === null ? null : fromHundredths(n));

export const toDepartment = ({ d, taxName, taxRateBp }: Row): Department => ({
  id: d.id,
  name: d.name,
  status: d.status as Department['status'],
  tax: d.taxId,
  taxRate: fromHundredths(taxRateBp),
  taxName,
  ageRestricted: d.ageRestricted,
  excludePromotion: d.excludePromotion,
  shelfEdgeLabelRequired: d.shelfEdgeLabelRequired,
  excludeServiceCharge: d.excludeServiceCharge,
  autoCreateMenu: d.autoCreateMenu,
  profitMargin: hundredthsOrNull(d.profitMarginBp),
  priceCalculationMethod: d.priceCalculationMethod as Department['priceCalculationMethod'],
  priceCalculationRate: hundredthsOrNull(d.priceCalculationRateBp),
});

const toRow = (i: DepartmentInput) => ({
  name: i.name,
  status: i.status,
  taxId: i.tax,
  ageRestricted: i.ageRestricted,
  excludePromotion: i.excludePromotion,
  shelfEdgeLabelRequired: i.shelfEdgeLabelRequired,
  excludeServiceCharge: i.excludeServiceCharge,
  autoCreateMenu: i.autoCreateMenu,
  profitMarginBp: i.profitMargin === null ? null : toHundredths(i.profitMargin),
  priceCalculationMethod: i.priceCalculationMethod,
  priceCalculationRateBp: i.priceCalculationRate === null ? null : toHundredths(i.priceCalculationRate),
});

const joined = (db: Db) =>
  db
    .select(fields)
    .from(department)
    .innerJoin(tax, and(eq(tax.merchantAccountId, department.merchantAccountId), eq(tax.id, department.taxId)));
const own = (s: Scope, extra?: SQL) => ownedBy(department, s, extra);

export async function getDepartment(db: Db, s: Scope, id: number) {
  const [row] = await joined(db).where(own(s, eq(department.id, id)));
  return row ? toDepartment(row) : undefined;
}

/** The tax must be one of the caller's branch (another store's or branch's tax id: 404). */
const checkTax = (db: Db, s: Scope, i: DepartmentInput) => requireOwned(db, tax, tax, s, [i.tax]);

export const departmentRepo: ResourceRepo<Department, DepartmentInput> = {
  list: (db, s, request) =>
    loadTable(
      columns,
      department.id,
      request,
      async (q) => (await joined(db).where(own(s, q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map(toDepartment),
      async (where) => {
        const [r] = await db
          .select({ n: count() })
          .from(department)
          .innerJoin(tax, and(eq(tax.merchantAccountId, department.merchantAccountId), eq(tax.id, department.taxId)))
          .where(own(s, where));
        return Number(r?.n ?? 0);
      },
    ),
  all: async (db, s, onlyActive) =>
    (await joined(db).where(own(s, onlyActive ? eq(department.status, 'ACTIVE') : undefined)).orderBy(asc(department.id))).map(toDepartment),
  get: getDepartment,
  ...branchRecordCalls(department, department, getDepartment, { toRow, check: checkTax }),
};
