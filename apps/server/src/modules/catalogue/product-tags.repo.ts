import { type SQL, and, asc, count, eq } from 'drizzle-orm';
import type { ProductTag, ProductTagInput } from '@tillpoint/contracts/product-tag';
import type { Db } from '../../db/open-db';
import { productTag, storedFile } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ResourceRepo, branchRecordCalls } from '../../platform/branch-repo';
import type { FileStore } from '../../platform/files';
import { type TableColumns, loadTable } from '../../platform/table-load';
import type { ImageSlots } from '../../platform/record-images';
import { ownedBy } from '../../platform/tenancy';

const columns: TableColumns = {
  id: { column: productTag.id, kind: 'number' },
  name: { column: productTag.name, kind: 'text' },
  status: { column: productTag.status, kind: 'text' },
  shortName: { column: productTag.shortName, kind: 'text' },
  tagColor: { column: productTag.tagColor, kind: 'text' },
};
const own = (s: Scope, extra?: SQL) => ownedBy(productTag, s, extra);
const fields = { t: productTag, fileType: storedFile.contentType, fileName: storedFile.fileName, sha: storedFile.sha256 };
const joined = (db: Db) =>
  db
    .select(fields)
    .from(productTag)
    .leftJoin(storedFile, and(eq(storedFile.merchantAccountId, productTag.merchantAccountId), eq(storedFile.id, productTag.fileId)));
type Row = { t: typeof productTag.$inferSelect; fileType: string | null; fileName: string | null; sha: string | null };

const toTag = ({ t, fileType, fileName, sha }: Row): ProductTag => ({
  id: t.id,
  name: t.name,
  status: t.status as ProductTag['status'],
  shortName: t.shortName,
  tagColor: t.tagColor,
  fileType,
  fileName,
  imageVersion: sha?.slice(0, 16) ?? null,
});

export async function getProductTag(db: Db, s: Scope, id: number) {
  const [row] = await joined(db).where(own(s, eq(productTag.id, id)));
  return row ? toTag(row) : undefined;
}

export const allProductTags = async (db: Db, s: Scope, onlyActive?: boolean) =>
  (await joined(db).where(own(s, onlyActive ? eq(productTag.status, 'ACTIVE') : undefined)).orderBy(asc(productTag.id))).map(toTag);

const toRow = (i: ProductTagInput) => ({ name: i.name, status: i.status, shortName: i.shortName, tagColor: i.tagColor });

/** Tags, with their image removed together with the tag. */
export function productTagRepo(files: FileStore): ResourceRepo<ProductTag, ProductTagInput> {
  return {
    list: (db, s, request) =>
      loadTable(
        columns,
        productTag.id,
        request,
        async (q) => (await joined(db).where(own(s, q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map(toTag),
        async (where) => Number((await db.select({ n: count() }).from(productTag).where(own(s, where)))[0]?.n ?? 0),
      ),
    all: allProductTags,
    get: getProductTag,
    ...branchRecordCalls(productTag, productTag, getProductTag, { toRow }),
    remove: (db, s, id) =>
      db.transaction(async (tx) => {
        const [row] = await tx.delete(productTag).where(own(s, eq(productTag.id, id))).returning({ fileId: productTag.fileId });
        if (row?.fileId) await files.remove(tx, s.merchantAccountId, row.fileId);
        return row !== undefined;
      }),
  };
}

/** A tag has one image (type WEB). */
export const productTagImageSlots: ImageSlots<'WEB'> = {
  async read(db, s, id) {
    const [row] = await db.select({ fileId: productTag.fileId }).from(productTag).where(own(s, eq(productTag.id, id))).for('update');
    return row ? row.fileId : undefined;
  },
  async write(db, s, id, _type, fileId) {
    await db
      .update(productTag)
      .set({ fileId, updatedDate: new Date() })
      .where(own(s, eq(productTag.id, id)));
  },
};
