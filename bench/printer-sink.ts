import { type Server, createServer } from 'node:net';
import { DEMO_PRINTER_HOST, DEMO_PRINTER_PORT } from '../apps/server/src/modules/printing/demo-printer';

/**
 * The demo store's kitchen printer for the order benches, outside the server as a real printer is:
 * it takes each ticket's bytes and closes, as a JetDirect printer does. The server's own stand-in
 * (DEMO_PRINTER, which also decodes and files every ticket) is turned off for these runs, so the
 * server is measured doing a server's printing work (render, connect, send), not a printer's.
 */
export async function startPrinterSink(): Promise<{ env: Record<string, string>; tickets: () => number; close: () => Promise<void> }> {
  let tickets = 0;
  const server: Server = createServer((socket) => {
    socket.on('data', () => undefined);
    socket.on('end', () => {
      tickets++;
      socket.end();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(new Error(`the bench's printer needs ${DEMO_PRINTER_HOST}:${DEMO_PRINTER_PORT} (${err.code}): stop the demo server that holds it`)));
    server.listen(DEMO_PRINTER_PORT, DEMO_PRINTER_HOST, () => resolve());
  });
  return { env: { DEMO_PRINTER: 'false' }, tickets: () => tickets, close: () => new Promise((r) => server.close(() => r())) };
}
