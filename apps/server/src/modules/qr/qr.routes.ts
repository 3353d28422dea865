import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { QR_PATHS, qrRequestSchema } from '@tillpoint/contracts/qr';
import { adminOnly } from '../../platform/auth';
import { qrPng, tableSheetPng } from './qr.service';

const tags = ['QR code'];

const sendPng = (reply: FastifyReply, fileName: string, png: Buffer) =>
  reply.header('content-type', 'image/png').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(png);

/** QR codes as PNG files (spec 1 §7, merchant/branch/generatebarcode*); administrators only. */
export function qrRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(`/api/${QR_PATHS.generate}`, { onRequest: adminOnly, schema: { tags, body: qrRequestSchema } }, async (req, reply) => {
    const { url, numberOfTables } = req.body;
    if (numberOfTables) return sendPng(reply, 'table-qrcodes.png', await tableSheetPng(url, numberOfTables));
    return sendPng(reply, 'qrcode.png', await qrPng(url));
  });

  app.post(`/api/${QR_PATHS.generateForAddress}`, { onRequest: adminOnly, schema: { tags, body: qrRequestSchema.pick({ url: true }) } }, async (req, reply) => {
    return sendPng(reply, 'qrcode.png', await qrPng(req.body.url));
  });
}
