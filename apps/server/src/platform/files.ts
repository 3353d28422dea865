import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type Sharp from 'sharp';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { type ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, PAGE_SETTINGS_MESSAGES } from '@tillpoint/contracts/page-settings';
import type { Db } from '../db/open-db';
import { storedFile } from '../db/schema';
import { badRequest } from './errors';

/** A file as it arrived in a request, not yet checked. */
export type Upload = { field: string; fileName: string; content: Buffer };

/** A file that passed the checks: its type is what its content is, not what the client said. */
export type CheckedFile = { fileName: string; contentType: string; size: number; sha256: string; content: Buffer };

export type StoredFileMeta = { id: number; fileName: string; contentType: string; size: number; sha256: string };
export type StoredFileContent = StoredFileMeta & { content: Buffer };

/**
 * Where uploaded files live. The database adapter below is the default; an object-storage adapter
 * can take its place: metadata stays in stored_file (so page settings keep their foreign keys) and
 * `content` moves to the bucket. Every call is scoped by the tenant, and takes the caller's
 * transaction so a file exists exactly when the record that points at it does.
 */
export type FileStore = {
  save(db: Db, merchantAccountId: number, file: CheckedFile): Promise<StoredFileMeta>;
  read(db: Db, merchantAccountId: number, id: number): Promise<StoredFileContent | undefined>;
  meta(db: Db, merchantAccountId: number, ids: number[]): Promise<Map<number, StoredFileMeta>>;
  remove(db: Db, merchantAccountId: number, id: number): Promise<void>;
  /** Whether uploads can be taken now (the web asks before an upload). */
  healthy(db: Db): Promise<boolean>;
};

const FORMAT_TYPES: Record<string, (typeof ACCEPTED_IMAGE_TYPES)[number]> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** A name safe to put in a header and show back: no path, no control or quoting characters. */
export function cleanFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^\w.\- ]+/g, '_').trim().slice(0, 200);
  return clean || fallback;
}

/**
 * Accepts image files only, judged by their content (sharp reads the header; a renamed text file or
 * an SVG is refused), at most 5 MB.
 */
/** sharp (libvips, a native library) loads with the first image, not at start-up. */
export const loadSharp = async (): Promise<typeof Sharp> => (await import('sharp')).default;

export async function checkImage(upload: Upload): Promise<CheckedFile> {
  if (upload.content.length > MAX_UPLOAD_BYTES) throw badRequest(PAGE_SETTINGS_MESSAGES.maxUpload);
  if (upload.content.length === 0) throw badRequest(PAGE_SETTINGS_MESSAGES.imagesOnly);
  let format: string | undefined;
  try {
    const sharp = await loadSharp();
    const meta = await sharp(upload.content, { failOn: 'error' }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) format = undefined;
  } catch {
    format = undefined;
  }
  const contentType = format ? FORMAT_TYPES[format] : undefined;
  if (!contentType) throw badRequest(PAGE_SETTINGS_MESSAGES.imagesOnly);
  return {
    fileName: cleanFileName(upload.fileName, 'image'),
    contentType,
    size: upload.content.length,
    sha256: createHash('sha256').update(upload.content).digest('hex'),
    content: upload.content,
  };
}

const metaColumns = {
  id: storedFile.id,
  fileName: storedFile.fileName,
  contentType: storedFile.contentType,
  size: storedFile.size,
  sha256: storedFile.sha256,
};

/** Files kept in the stored_file table. */
export const databaseFiles: FileStore = {
  async save(db, merchantAccountId, file) {
    const [row] = await db
      .insert(storedFile)
      .values({ merchantAccountId, fileName: file.fileName, contentType: file.contentType, size: file.size, sha256: file.sha256, content: file.content })
      .returning(metaColumns);
    return row;
  },
  async read(db, merchantAccountId, id) {
    const [row] = await db
      .select({ ...metaColumns, content: storedFile.content })
      .from(storedFile)
      .where(and(eq(storedFile.merchantAccountId, merchantAccountId), eq(storedFile.id, id)));
    return row;
  },
  async meta(db, merchantAccountId, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .select(metaColumns)
      .from(storedFile)
      .where(and(eq(storedFile.merchantAccountId, merchantAccountId), inArray(storedFile.id, ids)));
    return new Map(rows.map((r) => [r.id, r]));
  },
  async remove(db, merchantAccountId, id) {
    await db.delete(storedFile).where(and(eq(storedFile.merchantAccountId, merchantAccountId), eq(storedFile.id, id)));
  },
  async healthy(db) {
    try {
      await db.execute(sql`select 1 from stored_file limit 1`);
      return true;
    } catch {
      return false;
    }
  },
};

/**
 * The parts of a multipart request: text fields by name, files in the order they came. A file over
 * the limit set in app.ts is refused with the spec's message.
 */
export async function readMultipart(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: Upload[] }> {
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  let parts: AsyncIterableIterator<Multipart>;
  try {
    parts = req.parts();
  } catch {
    throw badRequest(MESSAGES.emptyValues);
  }
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (content.length) files.push({ field: part.fieldname, fileName: part.filename, content });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(PAGE_SETTINGS_MESSAGES.maxUpload);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(MESSAGES.emptyValues);
    }
    throw err;
  }
  return { fields, files };
}

/** Whether the client's copy (If-None-Match) is the file's current version. */
function clientHasIt(req: FastifyRequest, etag: string) {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Sends a stored file with its ETag (the content's sha256); 304 when the client already has it.
 * `no-cache` makes browsers ask again each time, which is a cheap 304 when nothing changed, so a
 * replaced image shows at once. Public files may be kept by shared caches too.
 */
export function sendStoredFile(req: FastifyRequest, reply: FastifyReply, file: StoredFileContent, opts: { public?: boolean; attachment?: boolean } = {}) {
  const etag = `"${file.sha256}"`;
  reply.header('etag', etag).header('cache-control', `${opts.public ? 'public' : 'private'}, no-cache`);
  if (clientHasIt(req, etag)) return reply.status(304).send();
  reply.header('content-type', file.contentType).header('content-length', String(file.content.length));
  if (opts.attachment) reply.header('content-disposition', `attachment; filename="${cleanFileName(file.fileName)}"`);
  return reply.send(file.content);
}
