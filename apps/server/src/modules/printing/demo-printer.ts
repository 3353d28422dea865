import { mkdir, rename, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:net';
import { join } from 'node:path';
import { escPosText } from './escpos-text';

/** Where the demo's printers point: this machine only, never the network. */
export const DEMO_PRINTER_HOST = '127.0.0.1';
/** The port the demo data gives its printers (the standard raw printing port). */
export const DEMO_PRINTER_PORT = 9100;
/** A ticket larger than this is not a ticket: the connection is dropped. */
const MAX_TICKET_BYTES = 1_000_000;
/** Prints kept in memory when there is no folder to write them to (tests, an in-memory database). */
const KEPT_IN_MEMORY = 100;

export type DemoPrint = { port: number; at: Date; text: string; file: string | null };
export type DemoPrinter = { ports: number[]; prints: DemoPrint[]; close: () => Promise<void> };

const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, '-');

/**
 * A stand-in for the demo's network printers (README "Printing"): it listens on 127.0.0.1 on each
 * port, takes the ESC/POS bytes of each connection as a printer would, and keeps what they say as
 * readable text, one file per ticket under `dir` (DATA_DIR/prints). Ports already taken (another
 * demo server on this machine) are skipped with a warning: that server's stand-in takes the prints.
 */
export async function startDemoPrinter(opts: { ports: number[]; dir: string | null; log: (msg: string) => void }): Promise<DemoPrinter> {
  const prints: DemoPrint[] = [];
  let n = 0;
  const keep = async (port: number, bytes: Buffer) => {
    const at = new Date();
    const text = escPosText(bytes);
    let file: string | null = null;
    if (opts.dir) {
      n += 1;
      file = join(opts.dir, `${stamp(at)}-${String(n).padStart(4, '0')}-port${port}.txt`);
      await mkdir(opts.dir, { recursive: true });
      // Written aside, then renamed: whoever reads the folder never sees a ticket half written.
      await writeFile(`${file}.part`, text);
      await rename(`${file}.part`, file);
    }
    prints.push({ port, at, text, file });
    if (prints.length > KEPT_IN_MEMORY) prints.shift();
    opts.log(`Demo printer ${DEMO_PRINTER_HOST}:${port} printed ${text.split('\n').find((l) => /ORDER \d+|Order No: \d+/.test(l))?.trim() ?? 'a ticket'}${file ? ` (${file})` : ''}`);
  };
  const servers: Server[] = [];
  const ports: number[] = [];
  for (const port of [...new Set(opts.ports)]) {
    const server = createServer((socket) => {
      const parts: Buffer[] = [];
      let size = 0;
      socket.setTimeout(10_000, () => socket.destroy());
      socket.on('data', (d: Buffer) => {
        size += d.length;
        if (size > MAX_TICKET_BYTES) socket.destroy();
        else parts.push(d);
      });
      socket.on('end', () => {
        socket.end();
        void keep(port, Buffer.concat(parts)).catch((err: Error) => opts.log(`Demo printer could not keep a ticket: ${err.message}`));
      });
      socket.on('error', () => undefined);
    });
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', (err: NodeJS.ErrnoException) => {
        opts.log(`Demo printer: ${DEMO_PRINTER_HOST}:${port} is taken (${err.code}); tickets sent there go to whoever holds it`);
        resolve(false);
      });
      server.listen(port, DEMO_PRINTER_HOST, () => resolve(true));
    });
    if (listening) {
      servers.push(server);
      ports.push(port);
    }
  }
  return {
    ports,
    prints,
    close: () => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))).then(() => undefined),
  };
}
