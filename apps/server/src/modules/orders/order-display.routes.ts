import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OrderEvent } from '@tillpoint/contracts/order-handling';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { DISPLAY_MESSAGES, DISPLAY_STREAMS_PER_BRANCH } from '@tillpoint/contracts/order-display-paths';
import { displayOrdersParamsSchema, displayOrdersQuerySchema, displayOrdersReplySchema } from '@tillpoint/contracts/order-display';
import { HttpError, notFound } from '../../platform/errors';
import type { ModuleContext } from '../../platform/module';
import { errorResponses } from '../../platform/route-kit';
import { type DisplayBranch, displayBranch, displayOrderOf, displayOrdersPage } from './order-display.repo';
import { eventsAfter, lastEventId } from './live-orders.repo';
import { acquireOrderEventHub } from './order-events';
import { createOrderFeed } from './order-feed';

const B = '/api/storemanagement/order/displayOrders/';
const tags = ['Order display (public)'];
const HEARTBEAT_MS = 15_000;
/** The stream's query: the display's store, and (for a client that cannot send Last-Event-ID) the last event it heard. */
const displayEventsQuerySchema = displayOrdersQuerySchema.extend({ lastEventId: z.coerce.number().int().min(0).optional() });

/** The branch a display names, or why not: 404 for no live store, 403 without its ORDER_DISPLAY licence. */
async function licensedBranch(ctx: ModuleContext, domainName: string): Promise<DisplayBranch> {
  const b = await displayBranch(ctx.db, domainName);
  if (!b) throw notFound();
  if (!b.licensed) throw new HttpError(403, DISPLAY_MESSAGES.unlicensed);
  return b;
}

/**
 * The order display (spec 3 §2.2, §4.10, §7.1 displayOrders): public, no token, a branch named by its
 * domain name. Only orderNo, orderTime and orderStatus leave, so nothing personal is shown on a
 * screen anyone can open.
 */
export function orderDisplayRoutes(parent: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const hub = acquireOrderEventHub(db);
  const feed = createOrderFeed(db, hub);
  const streams = new Map<string, Set<ServerResponse>>();
  parent.addHook('preClose', async () => {
    for (const set of streams.values()) for (const s of set) s.end();
  });
  parent.addHook('onClose', async () => hub.close());

  /**
   * The display's push (ARCHITECTURE §4): one SSE message per change of the branch's orders, carrying
   * only that order's number, time and status, with the id of the order event it follows. A display
   * that reconnects sends Last-Event-ID (EventSource does, or `?lastEventId=`) and first hears what
   * changed while it was away, each order once as it is now, then the live changes, so a dropped
   * connection misses nothing. The licence is checked again at every heartbeat; a display that lost
   * it is closed and meets the 403 on its next read.
   */
  app.get(`${B}events`, { schema: { tags, querystring: displayEventsQuerySchema } }, async (req, res) => {
    const b = await licensedBranch(ctx, req.query.domainName);
    const key = `${b.scope.merchantAccountId}:${b.scope.merchantBranchId}`;
    const open = streams.get(key) ?? new Set<ServerResponse>();
    if (open.size >= DISPLAY_STREAMS_PER_BRANCH) throw new HttpError(429, MESSAGES.tooManyRequests, 'WARNING');
    streams.set(key, open);
    const header = Number(req.headers['last-event-id']);
    const resumeFrom = req.headers['last-event-id'] !== undefined && Number.isInteger(header) && header >= 0 ? header : req.query.lastEventId;

    res.hijack();
    const out = res.raw;
    req.raw.socket.setTimeout(0);
    out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    open.add(out);
    let cursor = resumeFrom ?? (await lastEventId(db, b.scope));
    // Sends one after another, so a display sees an order's changes in the order they were made, none twice.
    let chain = Promise.resolve();
    const queue = (events: () => Promise<OrderEvent[]> | OrderEvent[]) => {
      chain = chain
        .then(async () => {
          if (out.writableEnded) return;
          // Each order once, as it is now, under the id of its last event.
          const last = new Map<number, number>();
          for (const e of await events()) if (e.id > cursor) last.set(e.orderId, e.id);
          for (const [orderId, eventId] of [...last].sort((x, y) => x[1] - y[1])) {
            const order = await displayOrderOf(db, b.scope, orderId);
            cursor = Math.max(cursor, eventId);
            if (order && !out.writableEnded) out.write(`id: ${eventId}\nevent: order\ndata: ${JSON.stringify(order)}\n\n`);
          }
        })
        .catch(() => undefined);
    };
    const unsubscribe = await feed.subscribe(b.scope, (events) => queue(() => events));
    out.write('retry: 3000\n: live\n\n');
    const from = cursor;
    queue(() => eventsAfter(db, b.scope, from));
    const beat = setInterval(() => {
      void displayBranch(db, req.query.domainName)
        .then((now) => (now?.licensed ? out.write(': heartbeat\n\n') : out.end()))
        .catch(() => out.end());
    }, HEARTBEAT_MS);
    const finish = () => {
      clearInterval(beat);
      unsubscribe();
      open.delete(out);
      if (!open.size) streams.delete(key);
    };
    out.on('close', finish);
    out.on('finish', finish);
  });

  app.get(
    `${B}:pageNumber`,
    { schema: { tags, params: displayOrdersParamsSchema, querystring: displayOrdersQuerySchema, response: { 200: displayOrdersReplySchema, ...errorResponses } } },
    async (req) => displayOrdersPage(db, await licensedBranch(ctx, req.query.domainName), req.params.pageNumber),
  );
}
