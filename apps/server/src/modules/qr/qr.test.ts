import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/harness';

type ApiError = { type: string; details: string };
const URL_ = 'http://localhost:8080/demo-bistro';

let t: TestApp;
const tok = { admin: '', merchant: '' };

beforeAll(async () => {
  t = await createTestApp();
  tok.admin = (await t.signIn('admin')).accessToken;
  tok.merchant = (await t.signIn('merchant')).accessToken;
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token: string | null = tok.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/merchant/branch/${path}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });

/** Reads a QR code back out of a PNG, as a phone camera would. */
function decode(png: Buffer): string | null {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
}

describe('QR codes', () => {
  for (const path of ['generatebarcode', 'generatebarcodeforaddress']) {
    it(`${path}: a PNG file whose code reads back as the url`, async () => {
      const res = await post(path, { url: `  ${URL_}  ` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('attachment; filename="qrcode.png"');
      expect(decode(res.rawPayload)).toBe(URL_);
    });

    it(`${path}: a blank url gives 'Empty Url'`, async () => {
      for (const body of [{ url: '' }, { url: '   ' }, {}]) {
        const res = await post(path, body);
        expect(res.statusCode).toBe(400);
        expect(res.json<ApiError>()).toMatchObject({ type: 'WARNING', details: 'Empty Url' });
      }
    });

    it(`${path}: administrators only (401 without a token, 403 for a merchant token, before the body is looked at)`, async () => {
      expect((await post(path, { url: URL_ }, null)).statusCode).toBe(401);
      expect((await post(path, { url: URL_ }, tok.merchant)).statusCode).toBe(403);
      expect((await post(path, { url: '' }, tok.merchant)).statusCode).toBe(403);
    });
  }

  it('with numberOfTables: one sheet of labelled codes, each opening the url with its table number', async () => {
    const res = await post('generatebarcode', { url: `${URL_}?lang=en`, numberOfTables: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="table-qrcodes.png"');
    const meta = await sharp(res.rawPayload).metadata();
    // Four to a row: two rows of 300 px codes with 40 px labels.
    expect([meta.width, meta.height]).toEqual([1200, 680]);
    const found: (string | null)[] = [];
    for (let i = 0; i < 6; i++) {
      const cell = await sharp(res.rawPayload)
        .extract({ left: (i % 4) * 300, top: Math.floor(i / 4) * 340, width: 300, height: 300 })
        .png()
        .toBuffer();
      found.push(decode(cell));
    }
    expect(found).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${URL_}?lang=en&tableNo=${n}`));
  });

  it('numberOfTables must be 1 to 100', async () => {
    for (const numberOfTables of [0, 101, 2.5]) {
      expect((await post('generatebarcode', { url: URL_, numberOfTables })).statusCode).toBe(400);
    }
  });
});
