import { createHash, randomBytes } from 'node:crypto';
import { asc, notInArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SETTINGS_MESSAGES, type PageSettings } from '@tillpoint/contracts/page-settings';
import { pageSettings, storedFile } from '../../db/schema';
import { createTokenSigner, registerAuth } from '../../platform/auth';
import { registerErrorHandler } from '../../platform/errors';
import { databaseFiles } from '../../platform/files';
import { getOrCreateSecret } from '../../platform/secrets';
import { signInDemo } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { pageSettingsRoutes } from './page-settings.routes';

type ApiError = { type: string; details: string };
type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };
const B = '/api/merchant/pagesettings/';

let t: TestApp;
const tok = { admin: '', merchant: '' };
let branch: number;
/** The demo store's own files (its product images): these tests count and clear only the others. */
let demoFiles: number[] = [];
const ours = () => notInArray(storedFile.id, demoFiles);
const png = { header: Buffer.alloc(0), mobile: Buffer.alloc(0), logo: Buffer.alloc(0), logo2: Buffer.alloc(0), big: Buffer.alloc(0) };

const image = (width: number, height: number, background: string, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background } })[format]().toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  ({ admin: tok.admin, merchant: tok.merchant, demoBranch: branch } = await signInDemo(t));
  demoFiles = (await t.db.select({ id: storedFile.id }).from(storedFile)).map((f) => f.id);
  png.header = await image(1900, 360, '#204080');
  png.mobile = await image(400, 300, '#208040');
  png.logo = await image(90, 90, '#ff0000');
  png.logo2 = await image(90, 90, '#0000ff', 'jpeg');
  // Random pixels do not compress: just over 5 MB as a PNG.
  png.big = await sharp(randomBytes(1300 * 1400 * 3), { raw: { width: 1300, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(pageSettings);
  await t.db.delete(storedFile).where(ours());
});

function multipart(parts: Part[]) {
  const boundary = `----tillpoint${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'value' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`;
    chunks.push(Buffer.from(head), 'value' in p ? Buffer.from(p.value) : p.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send<T = unknown>(method: 'POST' | 'PUT', path: string, parts: Part[], token: string | null = tok.admin) {
  const body = multipart(parts);
  const res = await t.app.inject({
    method,
    url: `${B}${path}`,
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as T };
}
const get = (path: string, token: string | null = tok.admin, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${B}${path}`, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

const data = (value: unknown): Part => ({ name: 'data', value: JSON.stringify(value) });
const file = (name: string, content: Buffer, filename = `${name}.png`, type?: string): Part => ({ name, filename, content, type });
const allThree = () => [file('header', png.header), file('mobile', png.mobile), file('logo', png.logo)];
const create = (token?: string | null) => send<PageSettings>('POST', '', [data({ merchantBranchId: branch }), ...allThree()], token);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const files = () => t.db.select().from(storedFile).where(ours()).orderBy(asc(storedFile.id));

describe('page settings: create', () => {
  it('GET by branch shows empty settings before any are created; 404 for an unknown branch', async () => {
    const res = await get(`merchantBranchId/${branch}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: null, merchantBranchId: branch, displayMemberZoom: 2, header: null, mobile: null, logo: null });
    expect((await get('merchantBranchId/999999')).statusCode).toBe(404);
  });

  it('creates with the three images, stored as files with their type read from the content', async () => {
    const res = await send<PageSettings>('POST', '', [data({ merchantBranchId: branch, displayMemberZoom: 3 }), ...allThree()]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      merchantBranchId: branch,
      displayMemberZoom: 3,
      header: { fileName: 'header.png', fileType: 'image/png', size: png.header.length, version: sha(png.header).slice(0, 16) },
      mobile: { fileName: 'mobile.png', fileType: 'image/png', size: png.mobile.length, version: sha(png.mobile).slice(0, 16) },
      logo: { fileName: 'logo.png', fileType: 'image/png', size: png.logo.length, version: sha(png.logo).slice(0, 16) },
    });
    expect((await get(`merchantBranchId/${branch}`)).json()).toEqual(res.body);
    const stored = await files();
    expect(stored.map((f) => f.sha256).sort()).toEqual([sha(png.header), sha(png.mobile), sha(png.logo)].sort());
  });

  it('all three images are required on creation, and nothing is stored without them', async () => {
    for (const parts of [
      [file('header', png.header), file('mobile', png.mobile)],
      [file('header', png.header), file('logo', png.logo)],
      [file('mobile', png.mobile), file('logo', png.logo)],
      [],
    ]) {
      const res = await send<ApiError>('POST', '', [data({ merchantBranchId: branch }), ...parts]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING', details: 'Please fill the Header Web Image, Header Mobile Image and Logo!' });
    }
    expect(await t.db.$count(storedFile, ours())).toBe(0);
    expect(await t.db.$count(pageSettings)).toBe(0);
  });

  it('image files only, judged by content: a renamed text file or an SVG is refused', async () => {
    const text = file('logo', Buffer.from('this is not an image at all'), 'logo.png', 'image/png');
    const svg = file('logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml');
    for (const bad of [text, svg]) {
      const res = await send<ApiError>('POST', '', [data({ merchantBranchId: branch }), file('header', png.header), file('mobile', png.mobile), bad]);
      expect(res.status).toBe(400);
      expect(res.body.details).toBe(PAGE_SETTINGS_MESSAGES.imagesOnly);
    }
    expect(await t.db.$count(storedFile, ours())).toBe(0);
  });

  it('an image over 5 MB is refused with the spec’s message', async () => {
    expect(png.big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await send<ApiError>('POST', '', [data({ merchantBranchId: branch }), file('header', png.big), file('mobile', png.mobile), file('logo', png.logo)]);
    expect(res.status).toBe(400);
    expect(res.body.details).toBe('Maximum upload size is 5MB.');
    expect(await t.db.$count(storedFile, ours())).toBe(0);
  });

  it('refuses a second page settings for the same branch (409), a missing or unknown branch, and bad JSON', async () => {
    expect((await create()).status).toBe(200);
    const again = await create();
    expect(again.status).toBe(409);
    expect(await t.db.$count(storedFile, ours())).toBe(3);
    const noBranch = await send<ApiError>('POST', '', [data({}), ...allThree()]);
    expect(noBranch).toMatchObject({ status: 400, body: { details: 'Please fill the required fields!' } });
    const noData = await send<ApiError>('POST', '', allThree());
    expect(noData.status).toBe(400);
    expect((await send('POST', '', [{ name: 'data', value: '{not json' }, ...allThree()])).status).toBe(400);
    expect((await send('POST', '', [data({ merchantBranchId: 999999 }), ...allThree()])).status).toBe(404);
    expect(await t.db.$count(storedFile, ours())).toBe(3);
  });

  it('refuses a body that is not multipart, and more files than the three images', async () => {
    const json = await t.json<ApiError>('POST', B, { merchantBranchId: branch }, tok.admin);
    expect(json).toMatchObject({ status: 400, body: { details: 'Empty Values.' } });
    const four = await send<ApiError>('POST', '', [data({ merchantBranchId: branch }), ...allThree(), file('footer', png.logo)]);
    expect(four).toMatchObject({ status: 400, body: { details: 'Empty Values.' } });
    expect(await t.db.$count(storedFile, ours())).toBe(0);
  });

  it('administrators only: 401 without a token, 403 for a merchant token, nothing stored', async () => {
    expect((await create(null)).status).toBe(401);
    const merchant = await create(tok.merchant);
    expect(merchant.status).toBe(403);
    expect(await t.db.$count(storedFile, ours())).toBe(0);
    expect((await get(`merchantBranchId/${branch}`, tok.merchant)).statusCode).toBe(403);
    expect((await get(`merchantBranchId/${branch}`, null)).statusCode).toBe(401);
  });
});

describe('page settings: images are served with an ETag', () => {
  it('the image address is public, with the ETag and cache headers, and 304 when the browser has it', async () => {
    const { body } = await create();
    const res = await get(`image/${body.id}/LOGO`, null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toBe(`"${sha(png.logo)}"`);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.rawPayload.equals(png.logo)).toBe(true);
    const header = await get(`image/${body.id}/HEADER`, null);
    expect(header.rawPayload.equals(png.header)).toBe(true);

    const cached = await get(`image/${body.id}/LOGO`, null, { 'if-none-match': `"${sha(png.logo)}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect((await get(`image/${body.id}/LOGO`, null, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('only files of a page settings row are served: unknown ids 404, unknown types 400', async () => {
    const { body } = await create();
    expect((await get(`image/${(body.id as number) + 1000}/LOGO`, null)).statusCode).toBe(404);
    // A stored file id is not a page settings id: the address names page settings, never a file.
    const [f] = await files();
    if (f.id !== body.id) expect((await get(`image/${f.id}/LOGO`, null)).statusCode).toBe(404);
    expect((await get(`image/${body.id}/FOOTER`, null)).statusCode).toBe(400);
  });

  it('download gives the file as an attachment to administrators only', async () => {
    const { body } = await create();
    const res = await get(`document/download/${body.id}/MOBILE`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="mobile.png"');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.rawPayload.equals(png.mobile)).toBe(true);
    expect((await get(`document/download/${body.id}/MOBILE`, tok.merchant)).statusCode).toBe(403);
    expect((await get(`document/download/${body.id}/MOBILE`, null)).statusCode).toBe(401);
    expect((await get(`document/download/999999/MOBILE`)).statusCode).toBe(404);
  });
});

describe('page settings: replacing images', () => {
  it('document upload with types replaces the named image and deletes the old file in the same save', async () => {
    const { body } = await create();
    const before = await files();
    const oldLogo = before.find((f) => f.sha256 === sha(png.logo));
    const res = await send<PageSettings>('PUT', `document/upload/${body.id}`, [{ name: 'types', value: 'LOGO;' }, file('files', png.logo2, 'new-logo.jpg', 'image/jpeg')]);
    expect(res.status).toBe(200);
    expect(res.body.logo).toEqual({ fileName: 'new-logo.jpg', fileType: 'image/jpeg', size: png.logo2.length, version: sha(png.logo2).slice(0, 16) });
    expect(res.body.header?.fileName).toBe('header.png');
    const after = await files();
    expect(after).toHaveLength(3);
    expect(after.find((f) => f.id === oldLogo?.id)).toBeUndefined();

    const served = await get(`image/${body.id}/LOGO`, null, { 'if-none-match': `"${sha(png.logo)}"` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers.etag).toBe(`"${sha(png.logo2)}"`);
    expect(served.rawPayload.equals(png.logo2)).toBe(true);
  });

  it('document upload matches several files to HEADER;MOBILE;LOGO; in order', async () => {
    const { body } = await create();
    const res = await send<PageSettings>('PUT', `document/upload/${body.id}`, [
      { name: 'types', value: 'MOBILE;LOGO;' },
      file('files', png.logo, 'm.png'),
      file('files', png.header, 'l.png'),
    ]);
    expect(res.body.mobile).toMatchObject({ fileName: 'm.png', size: png.logo.length });
    expect(res.body.logo).toMatchObject({ fileName: 'l.png', size: png.header.length });
    expect(await t.db.$count(storedFile, ours())).toBe(3);
  });

  it('a refused replacement changes nothing', async () => {
    const { body } = await create();
    const before = await files();
    const bad = await send<ApiError>('PUT', `document/upload/${body.id}`, [{ name: 'types', value: 'LOGO;' }, file('files', Buffer.from('nope'), 'x.png')]);
    expect(bad).toMatchObject({ status: 400, body: { details: PAGE_SETTINGS_MESSAGES.imagesOnly } });
    const big = await send<ApiError>('PUT', `document/upload/${body.id}`, [{ name: 'types', value: 'HEADER;' }, file('files', png.big)]);
    expect(big).toMatchObject({ status: 400, body: { details: 'Maximum upload size is 5MB.' } });
    const mismatch = await send<ApiError>('PUT', `document/upload/${body.id}`, [{ name: 'types', value: 'HEADER;LOGO;' }, file('files', png.logo)]);
    expect(mismatch.status).toBe(400);
    const unknownType = await send<ApiError>('PUT', `document/upload/${body.id}`, [{ name: 'types', value: 'FOOTER;' }, file('files', png.logo)]);
    expect(unknownType.status).toBe(400);
    const none = await send<ApiError>('PUT', `document/upload/${body.id}`, [{ name: 'types', value: 'LOGO;' }]);
    expect(none.status).toBe(400);
    expect(await files()).toEqual(before);
    expect((await get(`image/${body.id}/LOGO`, null)).rawPayload.equals(png.logo)).toBe(true);
  });

  it('PUT {id} updates the data and replaces the images sent with it', async () => {
    const { body } = await create();
    const res = await send<PageSettings>('PUT', `${body.id}`, [data({ merchantBranchId: branch, displayMemberZoom: 4 }), file('header', png.mobile, 'h2.png')]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayMemberZoom: 4, header: { fileName: 'h2.png' }, logo: { fileName: 'logo.png' } });
    expect(await t.db.$count(storedFile, ours())).toBe(3);
    const zoom = await send<ApiError>('PUT', `${body.id}`, [data({ displayMemberZoom: 0 })]);
    expect(zoom.status).toBe(400);
    // A row never moves to another branch.
    expect((await send('PUT', `${body.id}`, [data({ merchantBranchId: branch + 1000 })])).status).toBe(400);
  });

  it('replacing: 404 for unknown ids, 401 without a token, 403 for a merchant token', async () => {
    const { body } = await create();
    const parts = () => [{ name: 'types', value: 'LOGO;' }, file('files', png.logo2)];
    expect((await send('PUT', 'document/upload/999999', parts())).status).toBe(404);
    expect((await send('PUT', '999999', [data({ displayMemberZoom: 3 })])).status).toBe(404);
    expect((await send('PUT', `document/upload/${body.id}`, parts(), null)).status).toBe(401);
    expect((await send('PUT', `document/upload/${body.id}`, parts(), tok.merchant)).status).toBe(403);
    expect((await send('PUT', `${body.id}`, [data({ displayMemberZoom: 3 })], tok.merchant)).status).toBe(403);
    expect((await get(`image/${body.id}/LOGO`, null)).rawPayload.equals(png.logo)).toBe(true);
  });
});

describe('page settings: health check before an upload', () => {
  it('UP for administrators; 401 and 403 otherwise', async () => {
    const res = await get('checkHealth');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP' });
    expect((await get('checkHealth', tok.merchant)).statusCode).toBe(403);
    expect((await get('checkHealth', null)).statusCode).toBe(401);
  });

  it("a file store that cannot take uploads answers 503 with 'service Unavailable!'", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    // The same signing key as the test app, so an admin's real sign-in (its session is checked) works here too.
    registerAuth(app, createTokenSigner(await getOrCreateSecret(t.db, 'jwt')), t.db);
    pageSettingsRoutes(app, t.db, { ...databaseFiles, healthy: async () => false });
    try {
      const token = (await t.signIn('admin')).accessToken;
      const res = await app.inject({ method: 'GET', url: `${B}checkHealth`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ type: 'ERROR', details: 'service Unavailable!' });
    } finally {
      await app.close();
    }
  });
});
