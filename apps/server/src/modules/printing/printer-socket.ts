import { connect } from 'node:net';

export type PrinterAddress = { host: string; port: number };
/** Sends a ticket's bytes to a printer; rejects with a PrinterError when it cannot. */
export type PrinterSend = (to: PrinterAddress, bytes: Uint8Array) => Promise<void>;

/** Why a printer did not take a ticket, in words for the order's errorMessage. */
export class PrinterError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Connecting, and then each wait for the printer to take the bytes, gives up after this. */
export const PRINTER_TIMEOUT_MS = 4000;

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'refused the connection',
  ENOTFOUND: 'could not be found on the network',
  EAI_AGAIN: 'could not be found on the network',
};

/**
 * Raw ESC/POS over TCP (port 9100, "JetDirect"): connect, write, close. The printer answers
 * nothing, so a ticket counts as printed once the bytes are written and the connection closed
 * cleanly. Every wait is bounded, so a silent printer costs at most `timeoutMs` per step.
 */
export function tcpPrinterSend(timeoutMs = PRINTER_TIMEOUT_MS): PrinterSend {
  return (to, bytes) =>
    new Promise<void>((resolve, reject) => {
      const socket = connect({ host: to.host, port: to.port });
      let settled = false;
      const fail = (reason: string) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        reject(new PrinterError(reason));
      };
      socket.setTimeout(timeoutMs, () => fail('did not answer'));
      socket.on('error', (err: NodeJS.ErrnoException) => fail(REASONS[err.code ?? ''] ?? 'did not answer'));
      socket.on('connect', () => {
        socket.end(bytes, () => {
          if (settled) return;
          settled = true;
          socket.destroy();
          resolve();
        });
      });
    });
}
