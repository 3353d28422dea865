import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Dojo's payment intents API that speaks the same HTTP (Basic secret key and a
 * version header on every call; POST payment-intents, GET payment-intents/{id}, POST
 * payment-intents/{id}/refunds with an idempotencyKey header), for the adapter tests. `pay(id, ok)`
 * does what the browser's Dojo card component does: pays the intent (Captured) or fails it (the
 * intent stays Created with the decline message). `mode` makes it slow or down (500).
 */
export type DojoStandIn = {
  url: string;
  mode: 'normal' | 'slow' | 'down';
  intents: Map<string, Record<string, unknown>>;
  refunds: Map<string, { paymentIntentId: string; refundId: string; amount: number }>;
  pay: (intentId: string, ok: boolean) => void;
  close: () => Promise<void>;
};

export async function startDojoStandIn(secretKey: string): Promise<DojoStandIn> {
  const intents = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, { paymentIntentId: string; refundId: string; amount: number }>();
  const state: DojoStandIn = {
    url: '',
    mode: 'normal',
    intents,
    refunds,
    pay(intentId, ok) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intents.set(intentId, {
        ...intent,
        status: ok ? 'Captured' : 'Created',
        paymentDetails: ok
          ? { transactionId: randomBytes(8).toString('hex'), message: 'Approved', card: { cardNumber: '************0006', cardType: 'Visa', expiryDate: '12/30' } }
          : { message: 'Card declined' },
      });
    },
    close: async () => {},
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const problem = (res: ServerResponse, status: number, title: string, detail?: string) =>
    send(res, status, { type: 'https://docs.dojo.tech/errors', title, status, detail, traceId: randomBytes(8).toString('hex') });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (state.mode === 'slow') return;
    if (state.mode === 'down') return problem(res, 500, 'Internal Server Error');
    if (req.headers.authorization !== `Basic ${secretKey}`) return problem(res, 401, 'Unauthorized');
    if (!req.headers.version) return problem(res, 400, 'Bad Request', 'The version header is required.');
    const path = req.url ?? '';
    if (req.method === 'POST' && path === '/payment-intents') {
      const amount = body.amount as { value?: number; currencyCode?: string } | undefined;
      if (!amount?.value || !amount.currencyCode || !body.reference) return problem(res, 400, 'One or more validation errors occurred.');
      const intentId = `pi_sandbox_${randomBytes(12).toString('base64url')}`;
      const intent = {
        id: intentId,
        captureMode: body.captureMode ?? 'Auto',
        clientSessionSecret: randomBytes(24).toString('base64url'),
        status: 'Created',
        amount,
        totalAmount: amount,
        refundedAmount: 0,
        reference: body.reference,
        description: body.description,
        createdAt: new Date().toISOString(),
      };
      intents.set(intentId, intent);
      return send(res, 200, intent);
    }
    const refund = /^\/payment-intents\/([^/]+)\/refunds$/.exec(path);
    if (req.method === 'POST' && refund) {
      const key = req.headers.idempotencykey as string | undefined;
      if (!key) return problem(res, 400, 'Bad Request', 'The idempotencyKey header is required.');
      const done = refunds.get(key);
      if (done) return send(res, 200, { paymentIntentId: done.paymentIntentId, refundId: done.refundId });
      const intent = intents.get(refund[1]);
      if (!intent) return problem(res, 404, 'Not Found');
      if (intent.status !== 'Captured') return problem(res, 409, 'Conflict', 'The payment intent cannot be refunded.');
      const total = Number((intent.amount as { value: number }).value);
      const refunded = Number(intent.refundedAmount) + Number(body.amount);
      if (refunded > total) return problem(res, 422, 'Unprocessable Entity', 'The refund amount exceeds the refundable amount.');
      const refundId = `rfnd_${randomBytes(8).toString('hex')}`;
      refunds.set(key, { paymentIntentId: refund[1], refundId, amount: Number(body.amount) });
      intents.set(refund[1], { ...intent, refundedAmount: refunded, status: refunded === total ? 'Refunded' : 'Captured' });
      return send(res, 200, { paymentIntentId: refund[1], refundId, refundReason: body.refundReason });
    }
    const get = /^\/payment-intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const intent = intents.get(get[1]);
      return intent ? send(res, 200, intent) : problem(res, 404, 'Not Found');
    }
    return problem(res, 404, 'Not Found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => problem(res, 500, 'stand-in failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
