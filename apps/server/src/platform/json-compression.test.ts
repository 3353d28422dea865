import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonEntry, MIN_BYTES, acceptedEncoding, registerJsonCompression, sendJsonEntry } from './json-compression';

const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Item ${i}`, description: 'A dish of the day, freshly made.' })) };
const small = { ok: true };
const bigJson = JSON.stringify(big);
const entry: JsonEntry = { json: bigJson, etag: '"kept"' };

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerJsonCompression(app);
  app.get('/big', async () => big);
  app.get('/small', async () => small);
  app.get('/text', async (_req, reply) => reply.type('text/plain').send('x'.repeat(4000)));
  app.get('/kept', async (req, reply) => sendJsonEntry(req, reply, entry));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

const get = (url: string, acceptEncoding?: string) => app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('JSON replies, compressed for browsers that accept it', () => {
  it('picks brotli, else gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('compresses a JSON reply of MIN_BYTES or more on its way out, and says the reply varies with the encoding', async () => {
    expect(bigJson.length).toBeGreaterThan(MIN_BYTES);
    const br = await get('/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(bigJson.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gz = await get('/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it('sends small replies, non-JSON replies and replies to clients that accept nothing as they are', async () => {
    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    const tiny = await get('/small', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual(small);
    expect((await get('/text', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses a kept reply once and sends the same bytes to every browser asking for that encoding', async () => {
    const first = await get('/kept', 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(bigJson);
    const kept = entry.encoded?.br;
    expect(kept).toBeDefined();
    const second = await get('/kept', 'gzip, br');
    expect(entry.encoded?.br).toBe(kept);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(gunzipSync((await get('/kept', 'gzip')).rawPayload).toString()).toBe(bigJson);
    expect((await get('/kept')).body).toBe(bigJson);
  });
});
