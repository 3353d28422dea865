import { and, eq } from 'drizzle-orm';
import type { PageImage, PageImageType, PageSettings } from '@tillpoint/contracts/page-settings';
import type { Db } from '../../db/open-db';
import { pageSettings } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import type { FileStore, StoredFileMeta } from '../../platform/files';
import { ownedBy } from '../../platform/tenancy';

export type PageSettingsRow = typeof pageSettings.$inferSelect;

/** The column holding each image's file id. */
export const FILE_COLUMN = { HEADER: 'headerFileId', MOBILE: 'mobileFileId', LOGO: 'logoFileId' } as const satisfies Record<PageImageType, keyof PageSettingsRow>;

export async function findPageSettingsByBranch(db: Db, scope: Scope): Promise<PageSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(pageSettings)
    .where(ownedBy(pageSettings, scope));
  return row;
}

/**
 * By id alone: administrators and the public image address name page settings by id (ids are unique
 * on the platform); everything after this lookup is scoped by the row's own account.
 */
export async function findPageSettingsById(db: Db, id: number): Promise<PageSettingsRow | undefined> {
  const [row] = await db.select().from(pageSettings).where(eq(pageSettings.id, id));
  return row;
}

export async function insertPageSettings(
  db: Db,
  scope: Scope,
  values: { headerFileId: number; mobileFileId: number; logoFileId: number; displayMemberZoom?: number },
): Promise<PageSettingsRow> {
  const [row] = await db
    .insert(pageSettings)
    .values({ merchantAccountId: scope.merchantAccountId, merchantBranchId: scope.merchantBranchId, ...values })
    .returning();
  return row;
}

export async function updatePageSettings(
  db: Db,
  row: PageSettingsRow,
  values: Partial<Pick<PageSettingsRow, 'headerFileId' | 'mobileFileId' | 'logoFileId' | 'displayMemberZoom'>>,
): Promise<PageSettingsRow> {
  const [updated] = await db
    .update(pageSettings)
    .set({ ...values, updatedDate: new Date() })
    .where(and(eq(pageSettings.merchantAccountId, row.merchantAccountId), eq(pageSettings.id, row.id)))
    .returning();
  return updated;
}

const image = (file: StoredFileMeta | undefined): PageImage | null =>
  file ? { fileName: file.fileName, fileType: file.contentType, size: file.size, version: file.sha256.slice(0, 16) } : null;

/** The API shape: the row with its images' names and types; defaults (id null) for a branch without one. */
export async function pageSettingsRecord(db: Db, files: FileStore, scope: Scope, row: PageSettingsRow | undefined): Promise<PageSettings> {
  if (!row) return { id: null, merchantBranchId: scope.merchantBranchId, displayMemberZoom: 2, header: null, mobile: null, logo: null };
  const ids = [row.headerFileId, row.mobileFileId, row.logoFileId].filter((id): id is number => id !== null);
  const meta = await files.meta(db, row.merchantAccountId, ids);
  const of = (id: number | null) => image(id === null ? undefined : meta.get(id));
  return {
    id: row.id,
    merchantBranchId: row.merchantBranchId,
    displayMemberZoom: row.displayMemberZoom,
    header: of(row.headerFileId),
    mobile: of(row.mobileFileId),
    logo: of(row.logoFileId),
  };
}
