import { createHash, randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Opayo's PI REST API v1 that speaks the same HTTP (paths, Basic and Bearer
 * auth, request and reply shapes, status words and codes as in opayo-provider.ts), for the adapter
 * tests. Test cards: 4929000000006 authorised, 4000000000000002 declined, 4000000000003220 asks for a
 * 3-D Secure challenge (cRes 'Y' authenticates). `mode` makes it slow (never answers in time) or down (500);
 * `loseReplies` makes the next POST transactions go through (the card is charged) without an answer,
 * as when the connection drops after Opayo took the payment. The Reporting & Admin API's
 * getTransactionDetail (POST /access/access.htm) finds a transaction by vendorTxCode.
 * Saved cards: a payment with card.save true (credentialType 'First') keeps the identifier reusable;
 * paying with it needs reusable true, cofUsage 'Subsequent' and a live merchant session key, and a
 * CVV linked through POST card-identifiers/{id}/security-code is checked ('999' fails the check).
 * The browser part, sagepay.js and its drop-in frame (SAGEPAY_JS below), is served at js/sagepay.js.
 * Apple Pay: a payment with paymentMethod.applePay needs a sessionValidationToken this stand-in issued
 * from applepay/sessions; a token whose displayName ends in 0002 is declined.
 */
export type OpayoStandIn = {
  url: string;
  mode: 'normal' | 'slow' | 'down';
  /** How many of the next payments are taken without an answer. */
  loseReplies: number;
  /** Every request body it received, by path (to check what the adapter sends). */
  received: { method: string; path: string; body: Record<string, unknown>; authorization: string | undefined }[];
  transactions: Map<string, Record<string, unknown>>;
  close: () => Promise<void>;
};

const id = () => randomBytes(12).toString('hex').toUpperCase();

export async function startOpayoStandIn(credentials: { vendorName: string; key: string; password: string; reportingUser?: string; reportingPassword?: string }): Promise<OpayoStandIn> {
  const basic = `Basic ${Buffer.from(`${credentials.key}:${credentials.password}`).toString('base64')}`;
  const sessions = new Map<string, number>();
  const cards = new Map<string, { session: string; number: string; expiry: string; securityCode: string }>();
  const transactions = new Map<string, Record<string, unknown>>();
  const vendorTxCodes = new Set<string>();
  const challenges = new Map<string, string>();
  const byVendorTxCode = new Map<string, string>();
  /** Reusable card identifiers (saved with a first payment), and the CVV linked to one per session. */
  const reusable = new Map<string, { number: string; expiry: string; securityCode: string }>();
  const linkedCvv = new Map<string, string>();
  const appleSessions = new Set<string>();
  const state: OpayoStandIn = { url: '', mode: 'normal', loseReplies: 0, received: [], transactions, close: async () => {} };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const cardOf = (c: { number: string; expiry: string }) => ({
    cardType: c.number.startsWith('4') ? 'Visa' : 'MasterCard',
    lastFourDigits: c.number.slice(-4),
    expiryDate: c.expiry,
  });
  const ok = (txId: string, c: { number: string; expiry: string; identifier?: string }, amount: number) => ({
    transactionId: txId,
    transactionType: 'Payment',
    status: 'Ok',
    statusCode: '0000',
    statusDetail: 'The Authorisation was Successful.',
    retrievalReference: 13_374_950,
    bankAuthorisationCode: '999777',
    paymentMethod: { card: { ...cardOf(c), ...(c.identifier && reusable.has(c.identifier) ? { cardIdentifier: c.identifier, reusable: true } : {}) } },
    amount: { totalAmount: amount, saleAmount: amount, surchargeAmount: 0 },
    currency: 'GBP',
    '3DSecure': { status: 'Authenticated' },
  });
  const declined = (txId: string) => ({ transactionId: txId, transactionType: 'Payment', status: 'NotAuthed', statusCode: '2000', statusDetail: 'The Authorisation was Declined by the bank.' });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    if (req.method === 'POST' && req.url === '/access/access.htm') return reporting(res, new URLSearchParams(text).get('XML') ?? '');
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const path = (req.url ?? '').replace(/^\/api\/v1/, '');
    state.received.push({ method: req.method ?? '', path, body, authorization: req.headers.authorization });
    if (state.mode === 'slow') return; // never answers: the adapter's deadline must fire
    if (state.mode === 'down') return send(res, 500, { description: 'Internal server error' });

    // sagepay.js and its drop-in page, served like Opayo's (api/v1/js/sagepay.js): the browser part.
    if (req.method === 'GET' && path === '/js/sagepay.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(SAGEPAY_JS);
    }
    if (req.method === 'GET' && path.startsWith('/js/drop-in')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(DROP_IN_HTML);
    }
    if (req.method === 'POST' && path === '/card-identifiers') {
      const session = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!sessions.has(session)) return send(res, 401, { description: 'Authentication failed', code: 1002 });
      const d = body.cardDetails as { cardNumber: string; expiryDate: string; securityCode?: string };
      const cardIdentifier = id();
      cards.set(cardIdentifier, { session, number: d.cardNumber, expiry: d.expiryDate, securityCode: d.securityCode ?? '' });
      return send(res, 201, { cardIdentifier, expiry: new Date(Date.now() + 400_000).toISOString(), cardType: d.cardNumber.startsWith('4') ? 'Visa' : 'MasterCard' });
    }
    const securityCode = /^\/card-identifiers\/([^/]+)\/security-code$/.exec(path);
    if (req.method === 'POST' && securityCode) {
      const session = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!sessions.has(session)) return send(res, 401, { description: 'Authentication failed', code: 1002 });
      if (!reusable.has(securityCode[1])) return send(res, 404, { description: 'Card identifier not found', code: 1009 });
      if (!/^\d{3,4}$/.test(String(body.securityCode ?? ''))) return send(res, 422, { errors: [{ description: 'Invalid securityCode', property: 'securityCode', code: 1003 }] });
      linkedCvv.set(`${session}:${securityCode[1]}`, String(body.securityCode));
      res.writeHead(204);
      return res.end();
    }
    if (req.headers.authorization !== basic) return send(res, 401, { description: 'Authentication values are missing', code: 1001 });
    if (req.method === 'POST' && path === '/merchant-session-keys') {
      if (body.vendorName !== credentials.vendorName) return send(res, 422, { errors: [{ description: 'Invalid vendorName', property: 'vendorName', code: 1003 }] });
      const key = id();
      sessions.set(key, Date.now() + 400_000);
      return send(res, 201, { merchantSessionKey: key, expiry: new Date(Date.now() + 400_000).toISOString() });
    }
    if (req.method === 'POST' && path === '/applepay/sessions') {
      if (body.vendorName !== credentials.vendorName) return send(res, 422, { errors: [{ description: 'Invalid vendorName', property: 'vendorName', code: 1003 }] });
      const domainName = String(body.domainName ?? '');
      // Apple validates only domains registered for the vendor; the stand-in takes any host name.
      if (!/^[a-z0-9.-]+$/i.test(domainName)) return send(res, 422, { errors: [{ description: 'Invalid domainName', property: 'domainName', code: 1003 }] });
      const now = Date.now();
      const merchantSessionIdentifier = `SSH${id()}`;
      appleSessions.add(merchantSessionIdentifier);
      return send(res, 200, {
        epochTimestamp: now,
        expiresAt: now + 3_600_000,
        merchantSessionIdentifier,
        nonce: id().slice(0, 8).toLowerCase(),
        merchantIdentifier: id(),
        domainName,
        displayName: credentials.vendorName,
        signature: randomBytes(48).toString('hex'),
      });
    }
    if (req.method === 'POST' && path === '/transactions') {
      const vendorTxCode = String(body.vendorTxCode ?? '');
      if (vendorTxCodes.has(vendorTxCode)) return send(res, 422, { errors: [{ description: 'This vendorTxCode has been used before for another transaction.', property: 'vendorTxCode', code: 1013 }] });
      if (body.transactionType === 'Refund') {
        const original = transactions.get(String(body.referenceTransactionId));
        if (original?.status !== 'Ok') return send(res, 404, { description: 'Transaction not found', code: 1004 });
        if (Number(body.amount) > Number((original.amount as { totalAmount: number }).totalAmount)) return send(res, 422, { errors: [{ description: 'The refund amount is greater than the original amount.', code: 4044 }] });
        vendorTxCodes.add(vendorTxCode);
        const txId = id();
        const refund = { transactionId: txId, transactionType: 'Refund', status: 'Ok', statusCode: '0000', statusDetail: 'The Authorisation was Successful.' };
        transactions.set(txId, refund);
        return send(res, 201, refund);
      }
      const method = body.paymentMethod as { card?: { merchantSessionKey?: string; cardIdentifier?: string; save?: boolean; reusable?: boolean }; applePay?: Record<string, unknown> };
      if (method?.applePay) return applePay(res, vendorTxCode, method.applePay, Number(body.amount));
      const card = method;
      const credential = body.credentialType as { cofUsage?: string; initiatedType?: string } | undefined;
      const identifier = String(card?.card?.cardIdentifier);
      let c: { session: string; number: string; expiry: string; securityCode: string } | undefined;
      if (card?.card?.reusable === true) {
        const kept = reusable.get(identifier);
        const session = String(card.card.merchantSessionKey ?? '');
        if (!kept || !sessions.has(session)) return send(res, 422, { errors: [{ description: 'The card identifier is invalid or has expired.', property: 'cardIdentifier', code: 1009 }] });
        if (credential?.cofUsage !== 'Subsequent' || credential.initiatedType !== 'CIT') return send(res, 422, { errors: [{ description: 'credentialType is invalid for a reusable card', property: 'credentialType', code: 1003 }] });
        // The CVV check of a reused card: a code linked in this session must match the one the card was saved with.
        const cvv = linkedCvv.get(`${session}:${identifier}`);
        if (cvv !== undefined && cvv !== kept.securityCode) {
          vendorTxCodes.add(vendorTxCode);
          const txId = id();
          const failed = { ...declined(txId), statusCode: '2001', statusDetail: 'The Authorisation was Rejected by the vendor rule-base (CV2).' };
          transactions.set(txId, failed);
          return send(res, 422, failed);
        }
        c = { session, ...kept };
      } else {
        c = cards.get(identifier);
        if (!c || c.session !== card?.card?.merchantSessionKey) return send(res, 422, { errors: [{ description: 'The card identifier is invalid or has expired.', property: 'cardIdentifier', code: 1009 }] });
        if (card.card.save === true && (credential?.cofUsage !== 'First' || credential.initiatedType !== 'CIT')) return send(res, 422, { errors: [{ description: 'credentialType is required to save a card', property: 'credentialType', code: 1003 }] });
      }
      const save = card?.card?.save === true && card.card.reusable !== true;
      const sca = body.strongCustomerAuthentication as { notificationURL?: string } | undefined;
      if (!sca?.notificationURL) return send(res, 422, { errors: [{ description: 'Missing mandatory field', property: 'strongCustomerAuthentication.notificationURL', code: 1003 }] });
      vendorTxCodes.add(vendorTxCode);
      cards.delete(identifier);
      // A saved card stays usable when the payment goes through (an authorised first use).
      if (save && c.number !== '4000000000000002' && c.number !== '4000000000003220') reusable.set(identifier, { number: c.number, expiry: c.expiry, securityCode: c.securityCode });
      const txId = id();
      byVendorTxCode.set(vendorTxCode, txId);
      const amount = Number(body.amount);
      const lost = state.loseReplies > 0;
      if (lost) state.loseReplies--;
      if (c.number === '4000000000000002') {
        transactions.set(txId, declined(txId));
        return lost ? undefined : send(res, 422, declined(txId));
      }
      if (c.number === '4000000000003220') {
        const cReq = randomBytes(24).toString('base64url');
        challenges.set(txId, JSON.stringify({ c: { ...c, identifier }, amount, save }));
        const pending = { transactionId: txId, status: '3DAuth', statusCode: '2021', statusDetail: 'Please redirect your customer to the ACSURL to complete the 3DS Transaction', acsUrl: `${state.url}/acs`, cReq };
        transactions.set(txId, pending);
        return lost ? undefined : send(res, 202, pending);
      }
      const done = ok(txId, { ...c, identifier }, amount);
      transactions.set(txId, done);
      return lost ? undefined : send(res, 201, done);
    }
    const challenge = /^\/transactions\/([^/]+)\/3d-secure-challenge$/.exec(path);
    if (req.method === 'POST' && challenge) {
      const txId = challenge[1];
      const tx = transactions.get(txId);
      if (!tx) return send(res, 404, { description: 'Transaction not found', code: 1004 });
      if (tx.status !== '3DAuth') return send(res, 422, { errors: [{ description: 'The transaction is not awaiting 3-D Secure.', code: 1017 }] });
      const { c, amount, save } = JSON.parse(challenges.get(txId) as string) as { c: { number: string; expiry: string; securityCode: string; identifier?: string }; amount: number; save?: boolean };
      if (save && body.cRes === 'Y' && c.identifier) reusable.set(c.identifier, { number: c.number, expiry: c.expiry, securityCode: c.securityCode });
      const final = body.cRes === 'Y' ? ok(txId, c, amount) : { ...declined(txId), statusCode: '4026', statusDetail: '3D-Authentication failed. This vendor\u2019s rules require a successful 3D-Authentication.' };
      transactions.set(txId, final);
      return send(res, final.status === 'Ok' ? 201 : 422, final);
    }
    const get = /^\/transactions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const tx = transactions.get(get[1]);
      return tx ? send(res, 200, tx) : send(res, 404, { description: 'Transaction not found', code: 1004 });
    }
    return send(res, 404, { description: 'Not found' });
  }

  /** A payment with paymentMethod.applePay: the session must be one we validated; the token is decrypted by 'Opayo'. */
  function applePay(res: ServerResponse, vendorTxCode: string, wallet: Record<string, unknown>, amount: number) {
    if (!appleSessions.has(String(wallet.sessionValidationToken ?? ''))) {
      return send(res, 422, { errors: [{ description: 'Invalid sessionValidationToken', property: 'paymentMethod.applePay.sessionValidationToken', code: 1003 }] });
    }
    let paymentData: { data?: unknown } = {};
    try {
      paymentData = JSON.parse(Buffer.from(String(wallet.paymentData ?? ''), 'base64').toString()) as { data?: unknown };
    } catch {
      paymentData = {};
    }
    if (typeof paymentData.data !== 'string' || !wallet.clientIpAddress) return send(res, 422, { errors: [{ description: 'Invalid paymentData', property: 'paymentMethod.applePay.paymentData', code: 1003 }] });
    vendorTxCodes.add(vendorTxCode);
    const txId = id();
    byVendorTxCode.set(vendorTxCode, txId);
    const displayName = String(wallet.displayName ?? '');
    if (displayName.endsWith('0002')) {
      transactions.set(txId, declined(txId));
      return send(res, 422, declined(txId));
    }
    const tx = { ...ok(txId, { number: displayName.slice(-4), expiry: '1230' }, amount), paymentMethod: { applePay: { cardType: displayName.split(' ')[0] || 'Visa', lastFourDigits: displayName.slice(-4), expiryDate: '1230' } } };
    transactions.set(txId, tx);
    return send(res, 201, tx);
  }

  /** getTransactionDetail by vendortxcode, signed as the Reporting API wants (errorcode 0043: no such transaction). */
  function reporting(res: ServerResponse, xml: string) {
    const xmlReply = (inner: string) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(`<?xml version="1.0" encoding="ISO-8859-1" ?><vspaccess>${inner}</vspaccess>`);
    };
    if (state.mode === 'slow') return;
    if (state.mode === 'down') return send(res, 500, { description: 'Internal server error' });
    const field = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
    const vendorTxCode = field('vendortxcode') ?? '';
    state.received.push({ method: 'POST', path: '/access/access.htm', body: { command: field('command'), vendortxcode: vendorTxCode }, authorization: undefined });
    // The signature: MD5 of the elements between <vspaccess> and <signature>, then <password>.
    const signed = /^<vspaccess>(.*)<signature>([0-9a-f]{32})<\/signature><\/vspaccess>$/.exec(xml);
    const good =
      signed &&
      credentials.reportingUser &&
      field('vendor') === credentials.vendorName &&
      field('user') === credentials.reportingUser &&
      createHash('md5').update(`${signed[1]}<password>${credentials.reportingPassword}</password>`).digest('hex') === signed[2];
    if (!good) return xmlReply('<errorcode>0010</errorcode><error>The signature is invalid.</error>');
    if (field('command') !== 'getTransactionDetail') return xmlReply('<errorcode>0007</errorcode><error>Invalid command.</error>');
    const txId = byVendorTxCode.get(vendorTxCode);
    if (!txId) return xmlReply('<errorcode>0043</errorcode><error>Invalid Transaction: the transaction could not be found.</error>');
    const tx = transactions.get(txId) ?? {};
    return xmlReply(
      `<errorcode>0000</errorcode><timestamp></timestamp><vpstxid>{${txId}}</vpstxid><vendortxcode>${vendorTxCode}</vendortxcode><transactiontype>Payment</transactiontype><status>${String(tx.statusDetail ?? '')}</status>`,
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { description: 'stand-in failure' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/**
 * The stand-in's sagepay.js: `sagepayCheckout({ merchantSessionKey, containerSelector, onTokenise,
 * reusableCardIdentifier })` with form(), tokenise() and destroy(), as Opayo's drop-in. form() draws
 * the fields in a frame of the stand-in's own origin, so the card number and CVV go from that frame
 * to 'Opayo' only, never to the page or our server; tokenise() answers onTokenise({ success,
 * cardIdentifier } or { success: false, error: { errorMessage } }). With reusableCardIdentifier the
 * frame shows only the security code and links it to that saved card (POST
 * card-identifiers/{id}/security-code), answering the same identifier.
 */
const SAGEPAY_JS = `(function () {
  var base = document.currentScript.src.replace(/\\/js\\/sagepay\\.js.*$/, '');
  var origin = new URL(base).origin;
  window.sagepayCheckout = function (cfg) {
    var frame = null;
    var listen = function (e) {
      if (!frame || e.source !== frame.contentWindow || e.origin !== origin || !e.data || e.data.source !== 'opayo-drop-in') return;
      if (e.data.height) frame.style.height = e.data.height + 'px';
      if (e.data.result && cfg.onTokenise) cfg.onTokenise(e.data.result);
    };
    return {
      form: function () {
        var box = document.querySelector(cfg.containerSelector || '#sp-container');
        frame = document.createElement('iframe');
        frame.title = cfg.reusableCardIdentifier ? 'Card security code' : 'Card details';
        frame.style.cssText = 'width:100%;border:0;height:' + (cfg.reusableCardIdentifier ? 90 : 240) + 'px';
        frame.src = base + '/js/drop-in#' + encodeURIComponent(JSON.stringify({ merchantSessionKey: cfg.merchantSessionKey, reusableCardIdentifier: cfg.reusableCardIdentifier || null, parent: location.origin }));
        window.addEventListener('message', listen);
        box.appendChild(frame);
      },
      tokenise: function () {
        if (frame) frame.contentWindow.postMessage({ source: 'opayo-drop-in', action: 'tokenise' }, origin);
      },
      destroy: function () {
        window.removeEventListener('message', listen);
        if (frame) frame.remove();
        frame = null;
      },
    };
  };
})();
`;

const DROP_IN_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Opayo</title>
<style>body{font:14px sans-serif;margin:0;padding:4px}label{display:block;margin:4px 0}input{display:block;width:100%;box-sizing:border-box;padding:6px}</style></head>
<body><form id="f" autocomplete="off"></form><script>
(function () {
  var cfg = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  var base = location.href.replace(/\\/js\\/drop-in.*$/, '');
  var form = document.getElementById('f');
  var field = function (name, label, mode) {
    var l = document.createElement('label');
    l.textContent = label;
    var i = document.createElement('input');
    i.name = name;
    i.setAttribute('aria-label', label);
    if (mode) i.inputMode = mode;
    l.appendChild(i);
    form.appendChild(l);
  };
  if (!cfg.reusableCardIdentifier) {
    field('cardholderName', 'Name on card');
    field('cardNumber', 'Card number', 'numeric');
    field('expiryDate', 'Expiry date (MMYY)', 'numeric');
  }
  field('securityCode', 'Security code', 'numeric');
  var tell = function (m) { m.source = 'opayo-drop-in'; parent.postMessage(m, cfg.parent); };
  tell({ height: document.body.scrollHeight + 8 });
  var value = function (n) { return form.elements[n].value.replace(/\\s+/g, ''); };
  var call = function (path, body) {
    return fetch(base + path, { method: 'POST', headers: { authorization: 'Bearer ' + cfg.merchantSessionKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  };
  var fail = function (text) { return { success: false, error: { errorMessage: text } }; };
  window.addEventListener('message', function (e) {
    if (e.source !== parent || e.origin !== cfg.parent || !e.data || e.data.action !== 'tokenise') return;
    var done = cfg.reusableCardIdentifier
      ? call('/card-identifiers/' + encodeURIComponent(cfg.reusableCardIdentifier) + '/security-code', { securityCode: value('securityCode') }).then(function (r) {
          return r.status === 204 ? { success: true, cardIdentifier: cfg.reusableCardIdentifier } : r.json().then(function (b) { return fail((b.errors && b.errors[0] && b.errors[0].description) || b.description || 'Invalid security code'); });
        })
      : call('/card-identifiers', { cardDetails: { cardholderName: form.elements.cardholderName.value, cardNumber: value('cardNumber'), expiryDate: value('expiryDate'), securityCode: value('securityCode') } }).then(function (r) {
          return r.json().then(function (b) { return r.status === 201 ? { success: true, cardIdentifier: b.cardIdentifier } : fail(b.description || 'Invalid card details'); });
        });
    done.catch(function () { return fail('Opayo could not be reached'); }).then(function (result) { tell({ result: result }); });
  });
})();
</script></body></html>`;

/** What sagepay.js does in the browser: tokenise a card with the merchant session key. */
export async function opayoCardIdentifier(standIn: OpayoStandIn, merchantSessionKey: string, cardNumber: string, securityCode = '123'): Promise<string> {
  const res = await fetch(`${standIn.url}/card-identifiers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${merchantSessionKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ cardDetails: { cardholderName: 'Ada Lovelace', cardNumber, expiryDate: '1230', securityCode } }),
  });
  return ((await res.json()) as { cardIdentifier: string }).cardIdentifier;
}

/** What sagepay.js does for a saved card: links the CVV just typed to the reusable card identifier for this session (204). */
export async function opayoLinkSecurityCode(standIn: OpayoStandIn, merchantSessionKey: string, reusableCardIdentifier: string, securityCode: string): Promise<number> {
  const res = await fetch(`${standIn.url}/card-identifiers/${encodeURIComponent(reusableCardIdentifier)}/security-code`, {
    method: 'POST',
    headers: { authorization: `Bearer ${merchantSessionKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ securityCode }),
  });
  await res.arrayBuffer();
  return res.status;
}
