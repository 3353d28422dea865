import { type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/harness';

/**
 * Slow clients, through a real listening server on 127.0.0.1 (app.inject has no sockets): one
 * address holding many unfinished requests must not starve anyone else (issue 13 item 1).
 */
const LIMITS = { requestTimeoutMs: 1_500, headersTimeoutMs: 1_000, keepAliveTimeoutMs: 1_000, idleTimeoutMs: 5_000, maxConnectionsPerAddress: 20 };
/** The attacker's sockets come from another loopback address, so the cap applies to it and not to the health checks. */
const ATTACKER = '127.0.0.2';
const ATTEMPTS = 200;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ config: LIMITS });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

type Held = { socket: Socket; closedAt: number | null; reply: string };

/** Opens a socket that sends a request's headers and half its body, then says nothing more. */
function holdPartialBody(): Promise<Held> {
  return new Promise((resolve) => {
    const held: Held = { socket: connect({ host: '127.0.0.1', port, localAddress: ATTACKER }), closedAt: null, reply: '' };
    held.socket.on('data', (d) => {
      held.reply += d.toString();
    });
    held.socket.on('error', () => {});
    held.socket.on('close', () => {
      held.closedAt = Date.now();
    });
    held.socket.on('connect', () => {
      held.socket.write('POST /api/adminuser/security/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"userName":"adm');
      resolve(held);
    });
  });
}

const health = async () => (await fetch(`http://127.0.0.1:${port}/api/actuator/health`, { signal: AbortSignal.timeout(2_000) })).status;

describe('slow clients', () => {
  it('many partial bodies from one address: extras are refused at once, the rest time out with a typed 408, health keeps answering', async () => {
    const started = Date.now();
    const held = await Promise.all(Array.from({ length: ATTEMPTS }, holdPartialBody));
    // Give the server a moment to see every socket; the checks below run while they are all held.
    await new Promise((r) => setTimeout(r, 200));
    expect(await health()).toBe(200);
    const refusedAtOnce = held.filter((h) => h.closedAt !== null && h.reply === '').length;
    expect(refusedAtOnce).toBeGreaterThanOrEqual(ATTEMPTS - LIMITS.maxConnectionsPerAddress);

    // The admitted ones are cut off near requestTimeoutMs (Node checks on a timer), each told why.
    while (held.some((h) => h.closedAt === null) && Date.now() - started < 10_000) {
      expect(await health()).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(held.every((h) => h.closedAt !== null)).toBe(true);
    const lastClosed = Math.max(...held.map((h) => h.closedAt ?? Number.POSITIVE_INFINITY));
    expect(lastClosed - started).toBeLessThan(LIMITS.requestTimeoutMs + 2_500);
    const timedOut = held.filter((h) => h.reply.startsWith('HTTP/1.1 408'));
    expect(timedOut.length).toBeGreaterThan(0);
    expect(timedOut[0].reply).toContain('{"type":"WARNING","details":"The request took too long to arrive."}');
    expect(await health()).toBe(200);
  }, 20_000);

  it('a socket that sends nothing, or a byte, is closed soon after the header timeout (Node\'s own check)', async () => {
    const closesAfter = (first: string) =>
      new Promise<number>((resolve) => {
        const opened = Date.now();
        const socket = connect({ host: '127.0.0.1', port, localAddress: ATTACKER });
        socket.on('error', () => {});
        socket.resume(); // read, so the server's close is seen
        socket.on('connect', () => first && socket.write(first));
        socket.on('close', () => resolve(Date.now() - opened));
      });
    const [silent, oneByte] = await Promise.all([closesAfter(''), closesAfter('G')]);
    const limit = LIMITS.headersTimeoutMs + 1_000;
    expect(silent).toBeLessThan(limit);
    expect(oneByte).toBeLessThan(limit);
  }, 10_000);

  it("Node's own refusals carry the typed body: headers too large (431), a malformed request line (400)", async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const s = connect({ host: '127.0.0.1', port });
        let reply = '';
        s.on('data', (d) => {
          reply += d.toString();
        });
        s.on('error', () => {});
        s.on('close', () => resolve(reply));
        s.write(text);
      });
    const big = await raw(`GET /api/actuator/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431/);
    expect(big).toContain('"type":"WARNING"');
    const bad = await raw('GARBAGE\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    expect(bad).toContain('{"type":"WARNING","details":"The request could not be read."}');
  });
});
