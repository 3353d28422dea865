import type { Server, ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

export type ConnectionLimits = Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs' | 'keepAliveTimeoutMs' | 'idleTimeoutMs' | 'maxConnectionsPerAddress'>;

/**
 * Node's timeouts, so an unfinished request cannot hold a socket for ever: the headers must arrive
 * within headersTimeoutMs, the whole request within requestTimeoutMs, an idle socket is closed after
 * idleTimeoutMs and a kept-alive one after keepAliveTimeoutMs. Node checks the first two on a timer,
 * which runs at a quarter of the header timeout so a slow client is cut off close to its limit.
 */
export function serverTimeouts(c: ConnectionLimits): Pick<FastifyServerOptions, 'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout'> & { http: ServerOptions } {
  return {
    connectionTimeout: c.idleTimeoutMs,
    requestTimeout: c.requestTimeoutMs,
    keepAliveTimeout: c.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(c.headersTimeoutMs, c.requestTimeoutMs),
      requestTimeout: c.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(250, Math.floor(Math.min(c.headersTimeoutMs, c.requestTimeoutMs) / 4)),
    },
  };
}

/**
 * At most `max` open sockets per remote address (0: no cap): one client holding thousands of
 * half-sent requests cannot use up the process's file descriptors and starve everyone else. The
 * extra socket is closed at once, before a byte is read. Behind a proxy every client shares the
 * proxy's address, so the cap must then be raised (or set to 0 and enforced by the proxy).
 */
export function limitConnectionsPerAddress(server: Server, max: number) {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
