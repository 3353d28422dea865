import type { ProductGroup, ProductGroupInput } from '@tillpoint/contracts/product-group';
import { fromHundredths, toHundredths } from '@tillpoint/contracts/price-calculator';
import type { Db } from '../../db/open-db';
import { product, productGroup, productGroupProduct } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ResourceRepo, branchRecordCalls, branchRecordReads } from '../../platform/branch-repo';
import { type TableColumns, hundredthsColumn } from '../../platform/table-load';
import { requireOwned } from '../../platform/tenancy';
import { linkedProducts, replaceOrderedLinks } from '../../platform/ordered-links';

const columns: TableColumns = {
  id: { column: productGroup.id, kind: 'number' },
  name: { column: productGroup.name, kind: 'text' },
  status: { column: productGroup.status, kind: 'text' },
  price: hundredthsColumn(productGroup.price),
  selectionType: { column: productGroup.selectionType, kind: 'text' },
  pricingType: { column: productGroup.pricingType, kind: 'text' },
};
type GroupRow = typeof productGroup.$inferSelect;

/** The groups with their products, in the order each group shows them. */
async function withProducts(db: Db, s: Scope, groups: GroupRow[]): Promise<ProductGroup[]> {
  const members = await linkedProducts(db, s, productGroupProduct, productGroupProduct.groupId, groups.map((g) => g.id), { id: product.id, name: product.name, barcode: product.barcode, price: product.price, status: product.status });
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    status: g.status as ProductGroup['status'],
    price: g.price === null ? null : fromHundredths(g.price),
    selectionType: g.selectionType as ProductGroup['selectionType'],
    pricingType: g.pricingType as ProductGroup['pricingType'],
    zeroPriceLimit: g.zeroPriceLimit,
    products: members
      .filter((m) => m.ownerId === g.id)
      .map((m) => ({ id: m.id, name: m.name, barcode: m.barcode, price: m.price === null ? null : fromHundredths(m.price), status: m.status as ProductGroup['status'] })),
  }));
}

const reads = branchRecordReads(productGroup, productGroup, columns, withProducts);

const toRow = (i: ProductGroupInput) => ({
  name: i.name,
  status: i.status,
  price: i.price === null ? null : toHundredths(i.price),
  selectionType: i.selectionType,
  pricingType: i.pricingType,
  zeroPriceLimit: i.zeroPriceLimit,
});

/** Replaces the group's products: each must be the caller's own (404 otherwise), each once (the key). */
async function setProducts(tx: Db, s: Scope, groupId: number, productIds: number[]) {
  await requireOwned(tx, product, product, s, productIds);
  await replaceOrderedLinks(tx, s, productGroupProduct, productGroupProduct.groupId, groupId, productIds.map((productId) => ({ groupId, productId })));
}

export const productGroupRepo: ResourceRepo<ProductGroup, ProductGroupInput> = {
  ...reads,
  ...branchRecordCalls(productGroup, productGroup, reads.get, { toRow, children: (tx, s, id, input) => setProducts(tx, s, id, input.products) }),
};
