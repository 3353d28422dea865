import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { z } from 'zod';
import {
  ORDER_EVENTS_TICKET_SECONDS,
  ORDER_PRIVILEGES,
  ORDER_SCREEN,
  type OrderAction,
  type OrderEvent,
  dispatchParams,
  liveOrderSchema,
  orderActionParams,
  orderActionReplySchema,
  paymentParams,
} from '@tillpoint/contracts/order-handling';
import { OBJECTS, privilegeKey } from '@tillpoint/contracts/privileges';
import { tableLoadFromQuery, tableLoadQuerySchema, tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { type MerchantPrincipal, requireMerchant, scopeOf } from '../../platform/auth';
import { forbidden, unauthorized } from '../../platform/errors';
import type { ModuleContext } from '../../platform/module';
import { errorResponses, found, merchantRoutes } from '../../platform/route-kit';
import { getOrCreateSecret } from '../../platform/secrets';
import { isLive } from '../../platform/sessions';
import { eventsAfter, lastEventId, loadOrders, orderById, unreadOpenCount } from './live-orders.repo';
import { acquireOrderEventHub } from './order-events';
import { createOrderFeed } from './order-feed';
import { markRead, refundOrder, takeOrderAction } from './orders.service';
import { PRINT_QUEUE_JOB } from '../../platform/order-printing';

const B = '/api/storemanagement/order/';
const tags = ['Orders'];
const HEARTBEAT_MS = 15_000;

/** Any of the live-order roles (or the owner) may see the branch's orders; each action checks its own privilege. */
function requireOrderStaff(req: FastifyRequest): MerchantPrincipal {
  const p = requireMerchant(req);
  if (!Object.values(ORDER_PRIVILEGES).some((a) => p.privileges.has(privilegeKey(OBJECTS.order, a)))) throw forbidden();
  return p;
}

/** The calls of spec 3 §7.1 that take only the order id. */
const SIMPLE_ACTIONS: OrderAction[] = ['accept', 'preparing', 'ready', 'deliver', 'decline', 'close', 'syncstatus', 'printreceipt', 'resendkitchen'];

export function ordersRoutes(parent: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const hub = acquireOrderEventHub(db);
  const feed = createOrderFeed(db, hub);
  const streams = new Set<ServerResponse>();
  // Open streams end before the server closes, then the one LISTEN goes (before the database closes).
  parent.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });
  parent.addHook('onClose', async () => hub.close());

  merchantRoutes(parent, (app) => {
    const reply = { 200: orderActionReplySchema, ...errorResponses };
    const actor = (p: MerchantPrincipal) => ({ userId: p.userId, privileges: p.privileges });

    // The tickets an action queues are sent as soon as it commits, not at the print queue's next tick.
    const printsQueued = () => ctx.wakeJob(PRINT_QUEUE_JOB);
    for (const action of SIMPLE_ACTIONS) {
      app.put(`${B}${action}/id/:id`, { schema: { tags, params: orderActionParams, response: reply } }, async (req) => {
        const p = requireMerchant(req);
        return takeOrderAction(db, scopeOf(p), actor(p), req.params.id, action, { printsQueued });
      });
    }
    // Asked after 'Are you sure to refund?' (spec 3 §5.1); card payments go back through their provider.
    const cardRefund = ctx.registry.cardRefund(ctx);
    app.put(`${B}refund/id/:id`, { schema: { tags, params: orderActionParams, response: reply } }, async (req) => {
      const p = requireMerchant(req);
      return refundOrder(db, scopeOf(p), actor(p), req.params.id, cardRefund);
    });
    app.put(`${B}dispatch/id/:id/driverId/:driverId`, { schema: { tags, params: dispatchParams, response: reply } }, async (req) => {
      const p = requireMerchant(req);
      return takeOrderAction(db, scopeOf(p), actor(p), req.params.id, 'dispatch', { driverId: req.params.driverId, printsQueued });
    });
    app.put(`${B}payment/id/:id/paymentType/:paymentType`, { schema: { tags, params: paymentParams, response: reply } }, async (req) => {
      const p = requireMerchant(req);
      return takeOrderAction(db, scopeOf(p), actor(p), req.params.id, 'payment', { paymentType: req.params.paymentType, printsQueued });
    });

    const rows = { 200: tableLoadResponseSchema(liveOrderSchema), ...errorResponses };
    const table = { tags, body: tableLoadRequestSchema, response: rows };
    const tableByQuery = { tags, querystring: tableLoadQuerySchema, response: rows };
    // {scope or null}: the open orders are always the caller's branch (the token's scope, never the client's).
    // Spec 3 §7.1 names the GET forms (paging, sort and filter in the query string); the back office's
    // tables send the same request as a PUT body, like every other table load (ARCHITECTURE §2).
    for (const [name, which] of [['newOrders', 'open'], ['completedOrders', 'completed']] as const) {
      for (const path of [name, `${name}/:param`]) {
        app.put(`${B}${path}`, { schema: table }, async (req) => loadOrders(db, scopeOf(requireOrderStaff(req)), which, req.body));
        app.get(`${B}${path}`, { schema: tableByQuery }, async (req) =>
          loadOrders(db, scopeOf(requireOrderStaff(req)), which, tableLoadFromQuery(req.query, ORDER_SCREEN.pageSize)),
        );
      }
    }
    for (const path of ['newOrders/count', 'newOrders/count/:param']) {
      app.get(`${B}${path}`, { schema: { tags, response: { 200: z.object({ count: z.number().int() }), ...errorResponses } } }, async (req) => ({
        count: await unreadOpenCount(db, scopeOf(requireOrderStaff(req))),
      }));
    }
    // Opening an order's detail marks it read (spec 3 §3 "read").
    app.get(`${B}id/:id`, { schema: { tags, params: orderActionParams, response: { 200: liveOrderSchema, ...errorResponses } } }, async (req) => {
      const s = scopeOf(requireOrderStaff(req));
      const order = found(await orderById(db, s, req.params.id));
      await markRead(db, s, order.id);
      return { ...order, read: 1 };
    });

    app.post(
      `${B}events/ticket`,
      { schema: { tags, response: { 200: z.object({ ticket: z.string(), expiresIn: z.number() }), ...errorResponses } } },
      async (req) => {
        const p = requireOrderStaff(req);
        const token = req.headers.authorization?.slice(7) ?? '';
        const until = decodeJwt(token).exp ?? Math.floor(Date.now() / 1000);
        return { ticket: await signTicket(db, p, until), expiresIn: ORDER_EVENTS_TICKET_SECONDS };
      },
    );
  });

  /**
   * The live order stream (ARCHITECTURE §4). EventSource cannot send an Authorization header, so the
   * caller trades its bearer token for a 30-second ticket (POST events/ticket) and opens
   * `events?ticket=…`; query strings never reach the logs. The stream lives until the access token
   * the ticket came from expires or its sign-in is revoked, then the client reconnects with a new one.
   */
  parent.get(`${B}events`, { schema: { tags, querystring: z.object({ ticket: z.string().max(4000).optional(), lastEventId: z.coerce.number().int().min(0).optional() }) } }, async (req, res) => {
    const { ticket, lastEventId: queryLast } = req.query as { ticket?: string; lastEventId?: number };
    const t = ticket ? await verifyTicket(db, ticket) : null;
    if (!t) throw unauthorized();
    const s = { merchantAccountId: t.merchantAccountId, merchantBranchId: t.merchantBranchId };
    const header = Number(req.headers['last-event-id']);
    const resumeFrom = Number.isInteger(header) && header >= 0 ? header : queryLast;

    res.hijack();
    const out = res.raw;
    req.raw.socket.setTimeout(0);
    out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    streams.add(out);
    let cursor = resumeFrom ?? (await lastEventId(db, s));
    const sent = new Set<number>();
    let chain = Promise.resolve();
    const message = (e: OrderEvent) => {
      if (sent.has(e.id)) return '';
      sent.add(e.id);
      if (sent.size > 2000) sent.delete(sent.values().next().value as number);
      cursor = Math.max(cursor, e.id);
      return eventText(e);
    };
    // Sends are queued one after another, so events go out in order and none twice: first what the
    // stream missed (Last-Event-ID) or what committed while it opened, then the branch's feed, which
    // reads each change once for all the screens of the branch (order-feed.ts).
    const queue = (events: () => Promise<OrderEvent[]> | OrderEvent[]) => {
      chain = chain
        .then(async () => {
          if (out.writableEnded) return;
          // A batch is one write: each write to a socket is a system call, made for every open screen.
          const text = (await events()).map(message).join('');
          if (text) out.write(text);
        })
        .catch(() => undefined);
    };
    const unsubscribe = await feed.subscribe(s, (events) => queue(() => events));
    out.write('retry: 3000\n: live\n\n');
    const from = cursor;
    queue(() => eventsAfter(db, s, from));
    const beat = setInterval(() => {
      void (async () => {
        const expired = Date.now() >= t.until * 1000;
        if (expired || !(await isLive(db, { userType: 'merchant', userId: t.userId, merchantAccountId: t.merchantAccountId, sessionId: t.sessionId }))) out.end();
        else out.write(': heartbeat\n\n');
      })().catch(() => out.end());
    }, HEARTBEAT_MS);
    const untilEnd = setTimeout(() => out.end(), Math.max(0, t.until * 1000 - Date.now()));
    const finish = () => {
      clearInterval(beat);
      clearTimeout(untilEnd);
      unsubscribe();
      streams.delete(out);
    };
    out.on('close', finish);
    out.on('finish', finish);
  });
}

/**
 * An event as a stream sends it, made once per event: the branch's feed hands the same event to every
 * open screen of the branch (50 in the bench), each of which used to serialise it again.
 */
const eventTexts = new WeakMap<OrderEvent, string>();
function eventText(e: OrderEvent): string {
  let text = eventTexts.get(e);
  if (text === undefined) {
    text = `id: ${e.id}\nevent: order\ndata: ${JSON.stringify(e)}\n\n`;
    eventTexts.set(e, text);
  }
  return text;
}

type Ticket = { userId: number; merchantAccountId: number; merchantBranchId: number; sessionId?: string; until: number };

/** The ticket key, shared by every instance on the database (a ticket from one opens a stream on another). */
const ticketKeys = new WeakMap<Db, Promise<Uint8Array>>();
const keyOf = (db: Db) => {
  let key = ticketKeys.get(db);
  if (!key) {
    key = getOrCreateSecret(db, 'order-events-ticket').then((s) => new TextEncoder().encode(s));
    ticketKeys.set(db, key);
  }
  return key;
};

/** A short-lived signed ticket naming the caller and when its access token ends (no token inside). */
async function signTicket(db: Db, p: MerchantPrincipal, until: number): Promise<string> {
  return new SignJWT({ acc: p.merchantAccountId, br: p.merchantBranchId, sid: p.sessionId, until, use: 'order-events' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(p.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ORDER_EVENTS_TICKET_SECONDS)
    .sign(await keyOf(db));
}

async function verifyTicket(db: Db, ticket: string): Promise<Ticket | null> {
  try {
    const { payload } = await jwtVerify<{ acc: number; br: number; sid?: string; until: number; use: string }>(ticket, await keyOf(db), { algorithms: ['HS256'] });
    if (payload.use !== 'order-events' || payload.until * 1000 <= Date.now()) return null;
    const t = { userId: Number(payload.sub), merchantAccountId: payload.acc, merchantBranchId: payload.br, sessionId: payload.sid, until: payload.until };
    if (!(await isLive(db, { userType: 'merchant', userId: t.userId, merchantAccountId: t.merchantAccountId, sessionId: t.sessionId }))) return null;
    return t;
  } catch {
    return null;
  }
}
