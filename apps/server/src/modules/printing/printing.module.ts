import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { printJob } from '../../db/schema';
import { PRINT_QUEUE_JOB } from '../../platform/order-printing';
import type { AppModule, ModuleContext } from '../../platform/module';
import { deliverDuePrints, purgeFinishedPrints } from './print-jobs';
import { tcpPrinterSend } from './printer-socket';
import { printingRoutes } from './printing.routes';
import { type DemoPrinter, startDemoPrinter } from './demo-printer';
import { localPrinterPorts } from './printing.repo';

/**
 * Kitchen tickets and receipts on the branch's network printers (ESC/POS over TCP, ARCHITECTURE §5)
 * and the receipt as a PDF. Prints are queued by the order actions (platform/order-printing.ts) and
 * sent by the job below after their transaction commits; the queue is transaction data.
 */
export const printingModule: AppModule = {
  name: 'printing',
  routes: (app, ctx) => {
    printingRoutes(app, ctx);
    if (ctx.config.demoData && ctx.config.demoPrinter) serveDemoPrinters(app, ctx);
  },
  resetTables: { transactions: [printJob] },
  // Woken by the actions that queue prints (PRINT_QUEUE_JOB), so a ticket goes as Accept commits; the
  // tick each second sends what other instances queued, and the retries.
  jobs: ({ db }) => [
    { name: PRINT_QUEUE_JOB, everyMs: 1000, run: () => deliverDuePrints(db, tcpPrinterSend()) },
    { name: 'print-queue-purge', everyMs: 3_600_000, run: () => purgeFinishedPrints(db) },
  ],
};

/**
 * The demo prints (README "Printing"): once the server is ready, the stand-in listens on the ports
 * of the printers set up at 127.0.0.1 (the demo data's), and keeps each ticket as text under
 * DATA_DIR/prints. Printers elsewhere on the network are not touched.
 */
function serveDemoPrinters(app: FastifyInstance, ctx: ModuleContext) {
  let printer: DemoPrinter | null = null;
  app.addHook('onReady', async () => {
    const ports = await localPrinterPorts(ctx.db);
    if (!ports.length) return;
    printer = await startDemoPrinter({ ports, dir: ctx.config.dataDir ? join(ctx.config.dataDir, 'prints') : null, log: (msg) => app.log.info(msg) });
  });
  app.addHook('onClose', async () => printer?.close());
}
