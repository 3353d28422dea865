import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Dojo's payment intents API that speaks the same HTTP (Basic secret key and a
 * version header on every call; POST payment-intents, GET payment-intents/{id}, POST
 * payment-intents/{id}/refunds with an idempotencyKey header), for the adapter tests. `pay(id, ok)`
 * does what the browser's Dojo card component does: pays the intent (Captured) or fails it (the
 * intent stays Created with the decline message). `mode` makes it slow or down (500).
 * Saved cards: POST customers, POST customers/{id}/create-secret, GET customers/{id}/payment-methods,
 * DELETE customers/{id}/payment-methods/{pmId} (an intent's customer needs a secret create-secret gave); `pay(id, ok, { save: true })` is a customer ticking
 * 'save card' in Dojo's frame for an intent made with a customer; `pay(id, ok, { paymentMethodId })`
 * pays with a card the customer saved before.
 */
export type DojoStandIn = {
  url: string;
  mode: 'normal' | 'slow' | 'down';
  intents: Map<string, Record<string, unknown>>;
  refunds: Map<string, { paymentIntentId: string; refundId: string; amount: number }>;
  pay: (intentId: string, ok: boolean, card?: { save?: boolean; paymentMethodId?: string }) => void;
  customers: Map<string, { reference: unknown; secrets: Set<string>; methods: { paymentMethodId: string; cardDetails: { pan: string; expiryDate: string; scheme: string } }[] }>;
  close: () => Promise<void>;
};

export async function startDojoStandIn(secretKey: string): Promise<DojoStandIn> {
  const intents = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, { paymentIntentId: string; refundId: string; amount: number }>();
  const customers: DojoStandIn['customers'] = new Map();
  const state: DojoStandIn = {
    url: '',
    mode: 'normal',
    intents,
    refunds,
    customers,
    pay(intentId, ok, card = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const customer = customers.get(String((intent.customer as { id?: string } | undefined)?.id));
      if ((card.save || card.paymentMethodId) && !customer) throw new Error('the intent has no customer');
      if (card.paymentMethodId && !customer?.methods.some((m) => m.paymentMethodId === card.paymentMethodId)) throw new Error('no such saved card');
      if (ok && card.save && customer) customer.methods.push({ paymentMethodId: `pm_${randomBytes(8).toString('hex')}`, cardDetails: { pan: '492900******0006', expiryDate: '12/30', scheme: 'VISA' } });
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
    if (req.method === 'POST' && path === '/customers') {
      const customerId = `cust_${randomBytes(10).toString('base64url')}`;
      customers.set(customerId, { reference: body.reference, secrets: new Set(), methods: [] });
      return send(res, 200, { id: customerId, emailAddress: body.emailAddress, name: body.name, reference: body.reference, isDeleted: false });
    }
    const secret = /^\/customers\/([^/]+)\/create-secret$/.exec(path);
    if (req.method === 'POST' && secret) {
      const customer = customers.get(secret[1]);
      if (!customer) return problem(res, 404, 'Not Found');
      const value = `cs_sandbox_${randomBytes(18).toString('base64url')}`;
      customer.secrets.add(value);
      return send(res, 200, { secret: value });
    }
    const methods = /^\/customers\/([^/]+)\/payment-methods$/.exec(path);
    if (req.method === 'GET' && methods) {
      const customer = customers.get(methods[1]);
      if (!customer) return problem(res, 404, 'Not Found');
      return send(res, 200, { customerId: methods[1], savedPaymentMethods: customer.methods, supportedPaymentMethods: { cardSchemes: ['VISA', 'MASTERCARD'] } });
    }
    const method = /^\/customers\/([^/]+)\/payment-methods\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && method) {
      const customer = customers.get(method[1]);
      const at = customer?.methods.findIndex((m) => m.paymentMethodId === method[2]) ?? -1;
      if (!customer || at < 0) return problem(res, 404, 'Not Found');
      customer.methods.splice(at, 1);
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'POST' && path === '/payment-intents') {
      const amount = body.amount as { value?: number; currencyCode?: string } | undefined;
      if (!amount?.value || !amount.currencyCode || !body.reference) return problem(res, 400, 'One or more validation errors occurred.');
      const customer = body.customer as { id?: string; secret?: string } | undefined;
      if (customer && !customers.get(String(customer.id))?.secrets.has(String(customer.secret))) return problem(res, 400, 'Bad Request', 'The customer or its secret is not valid.');
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
        ...(customer ? { customer: { id: customer.id }, paymentMethods: body.paymentMethods } : {}),
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
