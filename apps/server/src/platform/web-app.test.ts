import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorePagePreloads, serveWebApp, storeDomainOf } from './web-app';

// A small built web app, as the build leaves it: pages, hashed assets and their compressed copies.
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const backoffice = '<!doctype html><title>Back office</title><script type="module" src="/assets/app-Ab12Cd34.js"></script>';
const storefront = '<!doctype html><html><head><title>Storefront</title></head></html>';
const style = 'body { margin: 0 }\n';

// What a module would name for a store's page: one store has an image and a call, any other none; a second module always fails.
const storeImages: StorePagePreloads = async (domainName) =>
  domainName.toLowerCase() === 'demo-bistro'
    ? [
        { href: '/api/menu/image/1/2/WEB?v=abc', as: 'image', fetchPriority: 'high' },
        { href: '/api/menu/1/-1', as: 'fetch' },
        { href: '/api/menu/shortcuts/1', as: 'fetch' },
      ]
    : [];
const failing: StorePagePreloads = async () => {
  throw new Error('the menu could not be read');
};

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tillpoint-web-app-'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = { 'backoffice.html': backoffice, 'index.html': storefront, 'assets/app-Ab12Cd34.js': script };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  // Too small to be worth compressing: the build leaves no copies.
  writeFileSync(join(dist, 'assets/style-Ef56Gh78.css'), style);
  app = Fastify();
  // The menu's call answers (with text that would end a script element); the shortcuts' call fails.
  app.get('/api/menu/1/-1', async () => [{ id: 1, name: 'Starters </script><script>alert(1)</script>' }]);
  app.get('/api/menu/shortcuts/1', async (_req, reply) => reply.code(503).send({ type: 'ERROR', details: 'busy' }));
  serveWebApp(app, dist, [storeImages, failing]);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app: compressed, cached files', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and the plain file otherwise', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('falls back to the plain file when the build left no compressed copy', async () => {
    const res = await get('/assets/style-Ef56Gh78.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toBe(style);
  });

  it('lets browsers keep hashed files for a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/app-Ab12Cd34.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the pages revalidated on every load, compressed too', async () => {
    for (const [url, text] of [
      ['/admin/', backoffice],
      ['/merchant/', backoffice],
      ['/', storefront],
      ['/marketplace', storefront],
      ['/demo-bistro', storefront],
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      // A store's page carries its replies: built per request, so no ETag that would keep it.
      const page = brotliDecompressSync(res.rawPayload).toString();
      if (url === '/demo-bistro') {
        expect(page.replace(/<script type="application\/json"[\s\S]*?<\/script>/, ''), url).toBe(storefront);
        expect(res.headers.etag, url).toBeUndefined();
      } else {
        expect(page, url).toBe(text);
        expect(res.headers.etag, url).toBeTruthy();
      }
    }
    const plain = await get('/admin/');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(backoffice);
    expect((await get('/demo-bistro', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/demo-bistro')).body).toContain('<title>Storefront</title>');
  });

  it('answers 304 to a page whose copy the browser already has', async () => {
    const first = await get('/admin/', 'br');
    const again = await app.inject({ url: '/admin/', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('finds nothing for a missing asset or an unknown API path, and sends the back office paths on with their slash', async () => {
    expect((await get('/assets/missing-00000000.js', 'br')).statusCode).toBe(404);
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
    const redirect = await get('/admin');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/admin/');
  });
});

describe('web app: a store page names its first image', () => {
  it('writes the replies of a store page’s calls into the page, preloads the rest, and nothing with another page or an unknown store', async () => {
    for (const url of ['/demo-bistro', '/Demo-Bistro?tableNo=3', '/demo-bistro/']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      // The call that failed is left to the browser, in the mode the web app's fetch asks for (cors, same-origin credentials).
      expect(res.headers.link, url).toBe('</api/menu/image/1/2/WEB?v=abc>; rel=preload; as=image; fetchpriority=high, </api/menu/shortcuts/1>; rel=preload; as=fetch; crossorigin');
      const page = brotliDecompressSync(res.rawPayload).toString();
      const script = /<script type="application\/json" id="tp-replies">([\s\S]*?)<\/script>/.exec(page);
      expect(script, url).not.toBeNull();
      // The reply's own `</script>` cannot end the element: the page has exactly one closing tag.
      expect(page.match(/<\/script>/g)?.length, url).toBe(1);
      expect(JSON.parse(script?.[1] ?? '')).toEqual({ '/api/menu/1/-1': [{ id: 1, name: 'Starters </script><script>alert(1)</script>' }] });
    }
    for (const url of ['/', '/marketplace', '/login', '/display/demo-bistro', '/other-cafe', '/admin/']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.link, url).toBeUndefined();
      expect(brotliDecompressSync(res.rawPayload).toString(), url).not.toContain('tp-replies');
    }
  });

  it('reads a store’s domain name from its path as the storefront’s router does', () => {
    expect(storeDomainOf('/demo-bistro')).toBe('demo-bistro');
    expect(storeDomainOf('/caf%C3%A9?x=1')).toBe('café');
    expect(storeDomainOf('/%E0%A4%A')).toBe('%E0%A4%A');
    for (const url of ['/', '/marketplace', '/tableNo/3', '/myOrders', '/display/demo-bistro', '/api']) expect(storeDomainOf(url), url).toBeNull();
  });
});
