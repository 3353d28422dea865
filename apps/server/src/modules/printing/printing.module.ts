import { printJob } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { deliverDuePrints, purgeFinishedPrints } from './print-jobs';
import { tcpPrinterSend } from './printer-socket';
import { printingRoutes } from './printing.routes';

/**
 * Kitchen tickets and receipts on the branch's network printers (ESC/POS over TCP, ARCHITECTURE §5)
 * and the receipt as a PDF. Prints are queued by the order actions (platform/order-printing.ts) and
 * sent by the job below after their transaction commits; the queue is transaction data.
 */
export const printingModule: AppModule = {
  name: 'printing',
  routes: printingRoutes,
  resetTables: { transactions: [printJob] },
  // Every second, so a ticket reaches the kitchen about a second after Accept at the latest.
  jobs: ({ db }) => [
    { name: 'print-queue', everyMs: 1000, run: () => deliverDuePrints(db, tcpPrinterSend()) },
    { name: 'print-queue-purge', everyMs: 3_600_000, run: () => purgeFinishedPrints(db) },
  ],
};
