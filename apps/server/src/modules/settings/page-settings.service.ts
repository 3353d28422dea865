import { MESSAGES } from '@tillpoint/contracts/messages';
import {
  PAGE_IMAGES,
  PAGE_IMAGE_TYPES,
  PAGE_SETTINGS_MESSAGES,
  type PageImageType,
  type PageSettingsData,
  type PageSettingsUpdateData,
} from '@tillpoint/contracts/page-settings';
import type { Db } from '../../db/open-db';
import type { Scope } from '../../platform/auth';
import { badRequest, conflict } from '../../platform/errors';
import { type CheckedFile, type FileStore, type Upload, checkImage } from '../../platform/files';
import {
  FILE_COLUMN,
  type PageSettingsRow,
  findPageSettingsByBranch,
  insertPageSettings,
  updatePageSettings,
} from './page-settings.repo';

export type PageImages = Partial<Record<PageImageType, Upload>>;

const typeOfField = (field: string): PageImageType | undefined => PAGE_IMAGE_TYPES.find((t) => PAGE_IMAGES[t].field === field.toLowerCase());

/** Files named by their field: `header`, `mobile`, `logo` (the create call, and the update call's optional files). */
export function imagesByField(files: Upload[]): PageImages {
  const images: PageImages = {};
  for (const f of files) {
    const type = typeOfField(f.field);
    if (!type || images[type]) throw badRequest(MESSAGES.emptyValues);
    images[type] = f;
  }
  return images;
}

/**
 * The upload call: file entries matched to the `types` text ('HEADER;MOBILE;LOGO;') in order. Without
 * `types`, the files' field names say which image each is.
 */
export function imagesByTypes(files: Upload[], types: string | undefined): PageImages {
  const list = (types ?? '')
    .split(';')
    .map((t) => t.trim().toUpperCase())
    .filter(Boolean);
  if (!list.length) return imagesByField(files);
  if (list.length !== files.length || new Set(list).size !== list.length) throw badRequest(MESSAGES.emptyValues);
  const images: PageImages = {};
  list.forEach((t, i) => {
    if (!(PAGE_IMAGE_TYPES as readonly string[]).includes(t)) throw badRequest(MESSAGES.emptyValues);
    images[t as PageImageType] = files[i];
  });
  return images;
}

async function checkAll(images: PageImages): Promise<Partial<Record<PageImageType, CheckedFile>>> {
  const checked: Partial<Record<PageImageType, CheckedFile>> = {};
  for (const type of PAGE_IMAGE_TYPES) {
    const upload = images[type];
    if (upload) checked[type] = await checkImage(upload);
  }
  return checked;
}

/** Creation needs all three images (spec 1 §5); the files and the row are written together or not at all. */
export async function createPageSettings(db: Db, files: FileStore, scope: Scope, data: PageSettingsData, images: PageImages): Promise<PageSettingsRow> {
  if (!images.HEADER || !images.MOBILE || !images.LOGO) throw badRequest(PAGE_SETTINGS_MESSAGES.imagesRequired);
  const checked = await checkAll(images);
  if (await findPageSettingsByBranch(db, scope)) throw conflict();
  return db.transaction(async (tx) => {
    const ids: Partial<Record<PageImageType, number>> = {};
    for (const type of PAGE_IMAGE_TYPES) {
      const file = checked[type];
      if (file) ids[type] = (await files.save(tx, scope.merchantAccountId, file)).id;
    }
    return insertPageSettings(tx, scope, {
      headerFileId: ids.HEADER as number,
      mobileFileId: ids.MOBILE as number,
      logoFileId: ids.LOGO as number,
      displayMemberZoom: data.displayMemberZoom,
    });
  });
}

/**
 * Replaces the given images (and the data, if sent). The old files are deleted in the same
 * transaction as the row's switch to the new ones, so no file is orphaned and none goes missing.
 */
export async function updatePageImages(
  db: Db,
  files: FileStore,
  row: PageSettingsRow,
  images: PageImages,
  data: PageSettingsUpdateData = {},
): Promise<PageSettingsRow> {
  const checked = await checkAll(images);
  return db.transaction(async (tx) => {
    const values: Parameters<typeof updatePageSettings>[2] = {};
    if (data.displayMemberZoom !== undefined) values.displayMemberZoom = data.displayMemberZoom;
    const old: number[] = [];
    for (const type of PAGE_IMAGE_TYPES) {
      const file = checked[type];
      if (!file) continue;
      values[FILE_COLUMN[type]] = (await files.save(tx, row.merchantAccountId, file)).id;
      const previous = row[FILE_COLUMN[type]];
      if (previous !== null) old.push(previous);
    }
    const updated = await updatePageSettings(tx, row, values);
    for (const id of old) await files.remove(tx, row.merchantAccountId, id);
    return updated;
  });
}
