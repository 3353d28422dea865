import { readFileSync, readdirSync } from 'node:fs';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/harness';
import { DEMO_DEPARTMENTS, demoImageName, demoImagesFolder } from './demo-catalogue';
import { department, device, merchantBranch, product, productGroup, productGroupProduct, productProductTag, productTag, supplier } from './schema';

let t: TestApp;
let where: { merchantAccountId: number; merchantBranchId: number };
beforeAll(async () => {
  t = await createTestApp();
  const [b] = await t.db.select().from(merchantBranch).where(eq(merchantBranch.domainName, 'demo-bistro'));
  where = { merchantAccountId: b.merchantAccountId, merchantBranchId: b.id };
});
afterAll(() => t.close());

const own = <T extends { merchantAccountId: never; merchantBranchId: never }>(table: T) =>
  and(eq(table.merchantAccountId, where.merchantAccountId), eq(table.merchantBranchId, where.merchantBranchId));

describe('the demo catalogue (issue 8)', () => {
  it('is a restaurant catalogue: departments, 60+ priced products, tags, stock, a weighable and age-restricted items, set menus, suppliers, printers', async () => {
    const departments = await t.db.select().from(department).where(own(department as never));
    expect(departments.length).toBeGreaterThanOrEqual(6);
    expect(departments.filter((d) => d.ageRestricted).map((d) => d.name)).toEqual(expect.arrayContaining(['Beer & Cider', 'Wine']));
    const products = await t.db.select().from(product).where(own(product as never));
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(products.every((p) => p.price !== null && p.price > 0)).toBe(true);
    expect(products.some((p) => p.weighable && p.unit === 'kg')).toBe(true);
    expect(products.filter((p) => p.currentStock > 0 && p.minStock !== null).length).toBeGreaterThanOrEqual(5);
    expect(products.every((p) => p.webFileId !== null)).toBe(true);
    expect(await t.db.$count(productProductTag, eq(productProductTag.merchantBranchId, where.merchantBranchId))).toBeGreaterThan(30);
    expect(await t.db.$count(productTag, own(productTag as never))).toBeGreaterThanOrEqual(5);
    const groups = await t.db.select().from(productGroup).where(own(productGroup as never));
    expect(groups.some((g) => g.pricingType === 'SET_PRICE' && g.price !== null)).toBe(true);
    expect(await t.db.$count(productGroupProduct, eq(productGroupProduct.merchantBranchId, where.merchantBranchId))).toBeGreaterThan(10);
    expect(await t.db.$count(supplier, own(supplier as never))).toBeGreaterThanOrEqual(2);
    const printers = await t.db.select().from(device).where(own(device as never));
    expect(new Set(printers.map((d) => d.kind))).toEqual(new Set(['KITCHEN', 'RECEIPT']));
    expect(await t.db.$count(product, isNotNull(product.webFileId))).toBe(products.length);
  });

  it('has a committed image for every product: a PNG under 50,000 bytes, and nothing else in the folder', async () => {
    const expected = DEMO_DEPARTMENTS.flatMap((d) => d.products.map(([name]) => demoImageName(name))).sort();
    expect(readdirSync(demoImagesFolder).sort()).toEqual(expected);
    for (const file of expected) {
      const content = readFileSync(`${demoImagesFolder}${file}`);
      expect(content.length, file).toBeLessThan(50_000);
      expect((await sharp(content).metadata()).format, file).toBe('png');
    }
  });
});
