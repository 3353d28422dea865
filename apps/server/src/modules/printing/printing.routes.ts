import type { FastifyInstance } from 'fastify';
import { ORDER_PRIVILEGES } from '@tillpoint/contracts/order-handling';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { requireMerchant, scopeOf } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { found, idParams, merchantRoutes } from '../../platform/route-kit';
import { receiptOf } from './print-layout';
import { printableBranch, printableOrder } from './printing.repo';
import { receiptPdf } from './receipt-pdf';

const tags = ['Orders'];

export function printingRoutes(parent: FastifyInstance, { db }: ModuleContext) {
  merchantRoutes(parent, (app) => {
    // Print Receipt in the browser (receiptPdfPath): the receipt the printer prints, as a PDF, opened in
    // the browser's viewer to print. Needs the clerk's Print privilege, like printreceipt.
    app.get('/api/storemanagement/order/receipt/pdf/id/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
      const s = scopeOf(requireMerchant(req, OBJECTS.order, ORDER_PRIVILEGES.print));
      const order = found(await printableOrder(db, s, req.params.id));
      const pdf = await receiptPdf(receiptOf(order, await printableBranch(db, s)));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="receipt-${order.orderNo}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  });
}
