import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * JSON replies compressed for a browser that accepts it (brotli, else gzip). A reply kept in a cache
 * is compressed once per entry and its bytes reused (`sendJsonEntry`); any other JSON reply of at
 * least MIN_BYTES is compressed as it goes out, at a level that costs well under a millisecond for the
 * sizes the API sends. Smaller replies fit in a packet or two as they are: compressing them saves
 * nothing a phone would notice. Clients that send no Accept-Encoding (the benches, curl, the tills)
 * get the plain bytes, with no work.
 */
export type Encoding = 'br' | 'gzip';

export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli 5 and gzip 6: most of the size gain of the top levels for a small part of their time. */
export function compressBytes(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipped(bytes, { level: 6 });
}

/** The encoding to send for an Accept-Encoding header: br when accepted, else gzip, else none (q=0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Adds Accept-Encoding to the reply's Vary, keeping what is there: caches must keep one copy per encoding. */
function varyOnEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  return reply;
}

/** A JSON reply as a cache keeps it: its text, its ETag, and its compressed bytes once asked for. */
export type JsonEntry = { json: string; etag: string; encoded?: Partial<Record<Encoding, Promise<Buffer>>> };

/**
 * Sends a kept JSON reply, compressed from the entry's own copy when the browser accepts it (the
 * first such call compresses, the next ones reuse the bytes). The ETag names the content, whatever
 * its encoding: If-None-Match is answered 304 the same way for every encoding.
 */
export async function sendJsonEntry(req: FastifyRequest, reply: FastifyReply, entry: JsonEntry) {
  varyOnEncoding(reply).type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding || entry.json.length < MIN_BYTES) return reply.send(entry.json);
  entry.encoded ??= {};
  const encoded = entry.encoded;
  let bytes = encoded[encoding];
  if (!bytes) {
    // A failed compression is not kept: the next call tries again.
    bytes = compressBytes(Buffer.from(entry.json), encoding).catch((err: unknown) => {
      delete encoded[encoding];
      throw err;
    });
    encoded[encoding] = bytes;
  }
  return reply.header('content-encoding', encoding).send(await bytes);
}

/**
 * Every other JSON reply of MIN_BYTES or more, compressed on its way out. Replies that set their own
 * encoding (sendJsonEntry, files) and streams (the order events) pass as they are.
 */
export function registerJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    varyOnEncoding(reply);
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    // Fastify sets Content-Length from the payload it is handed: the compressed bytes.
    return compressBytes(Buffer.from(payload), encoding);
  });
}
