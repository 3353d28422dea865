import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneyString } from '@tillpoint/contracts/basket';
import { memberCardSchema } from '@tillpoint/contracts/member';
import {
  PAYMENT_PATHS,
  memberCardCreateInputSchema,
  memberCardSessionInputSchema,
  paymentTokenReplySchema,
  simulatorCardInputSchema,
  simulatorCardReplySchema,
  simulatorSecurityCodeInputSchema,
  simulatorSecurityCodeReplySchema,
} from '@tillpoint/contracts/payment';
import { requireUser } from '../../platform/auth';
import { errorResponses, guardedRoutes } from '../../platform/route-kit';
import { completeNotification } from './card-payment.service';
import { createMemberCard, startCardSession } from './member-cards.service';
import type { PaymentDeps } from './providers';
import { challengeAnswers, challengeOf, createCardIdentifier, createSecurityCode, sessionLive } from './simulator-provider';
import { FIELDS_SCRIPT, challengePage, expiredFieldsPage, fieldsPage, unknownChallengePage } from './simulator-pages';

const formSchema = z.record(z.string(), z.string().max(10_000));

/**
 * Public payment routes: the 3-D Secure notification (spec 3 §4.7) and the SIMULATOR's hosted card
 * fields, card-identifiers call and challenge page. Card data reaches only the card-identifiers
 * route, whose body is never logged (requests are logged by method and path only) and never stored.
 */
export function paymentRoutes(parent: FastifyInstance, deps: PaymentDeps) {
  parent.register(async (scoped) => {
    // The challenge page and the issuer post HTML forms here (application/x-www-form-urlencoded).
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const app = scoped.withTypeProvider<ZodTypeProvider>();
    const tags = ['Payments'];

    app.post(
      `/api/${PAYMENT_PATHS.notification(':reference')}`.replace('%3A', ':'),
      { schema: { tags, params: z.object({ reference: z.string().max(100) }), body: formSchema.optional(), response: errorResponses } },
      async (req, reply) => {
        const body = req.body ?? {};
        const location = await completeNotification(deps, req.params.reference, { cres: body.cres ?? body.cRes, threeDSSessionData: body.threeDSSessionData });
        return reply.redirect(location, 303);
      },
    );

    // ---- the SIMULATOR provider: a stand-in for a real provider's hosted pages, served by us
    app.get(`/api/${PAYMENT_PATHS.simulatorFields(':sessionKey')}`.replace('%3A', ':'), { schema: { tags, params: z.object({ sessionKey: z.string().max(100) }) } }, async (req, reply) => {
      reply.type('text/html; charset=utf-8');
      // Like a provider's hosted page: drawn only for a session key it issued and that is still live.
      if (!(await sessionLive(deps.db, req.params.sessionKey))) return reply.status(404).send(expiredFieldsPage());
      return reply.send(fieldsPage(req.params.sessionKey, deps.testEnvironment));
    });
    // A saved card's CVV-only field (spec 3 §4.8): the same hosted page with the security code alone.
    app.get(`/api/${PAYMENT_PATHS.simulatorCvvFields(':sessionKey')}`.replace('%3A', ':'), { schema: { tags, params: z.object({ sessionKey: z.string().max(100) }) } }, async (req, reply) => {
      reply.type('text/html; charset=utf-8');
      if (!(await sessionLive(deps.db, req.params.sessionKey))) return reply.status(404).send(expiredFieldsPage());
      return reply.send(fieldsPage(req.params.sessionKey, deps.testEnvironment, 'cvv'));
    });
    app.post(
      `/api/${PAYMENT_PATHS.simulatorSecurityCodes}`,
      { schema: { tags, body: simulatorSecurityCodeInputSchema, response: { 200: simulatorSecurityCodeReplySchema, ...errorResponses } } },
      async (req, reply) => {
        const header = req.headers.authorization;
        const r = await createSecurityCode(deps.db, header?.startsWith('Bearer ') ? header.slice(7) : null, req.body.securityCode);
        if (!r.ok) return reply.status(r.status === 401 ? 401 : 400).send({ type: 'WARNING', details: r.message });
        return { cardIdentifier: r.cardIdentifier };
      },
    );
    app.get(`/api/${PAYMENT_PATHS.simulatorFieldsScript}`, { schema: { tags } }, async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(FIELDS_SCRIPT),
    );
    app.post(
      `/api/${PAYMENT_PATHS.simulatorCardIdentifiers}`,
      { schema: { tags, body: simulatorCardInputSchema, response: { 200: simulatorCardReplySchema, ...errorResponses } } },
      async (req, reply) => {
        const header = req.headers.authorization;
        const sessionKey = header?.startsWith('Bearer ') ? header.slice(7) : null;
        const r = await createCardIdentifier(deps.db, sessionKey, req.body.cardDetails);
        if (!r.ok) return reply.status(r.status === 401 ? 401 : 400).send({ type: 'WARNING', details: r.message });
        return { cardIdentifier: r.cardIdentifier, expiry: r.expiry, cardType: r.cardType, last4: r.last4 };
      },
    );
    app.post(`/api/${PAYMENT_PATHS.simulatorChallenge}`, { schema: { tags, body: formSchema.optional() } }, async (req, reply) => {
      const body = req.body ?? {};
      const tx = body.creq ? await challengeOf(deps.db, body.creq) : undefined;
      reply.type('text/html; charset=utf-8');
      if (!tx) return reply.status(404).send(unknownChallengePage());
      const answers = challengeAnswers(tx);
      // Our own page posts back to our own notification address, by path (the browser is on our origin already).
      const notificationPath = new URL(tx.notificationUrl).pathname;
      return reply.send(
        challengePage({
          amount: moneyString(tx.amount),
          last4: tx.last4,
          brand: tx.brand,
          notificationPath,
          threeDSSessionData: body.threeDSSessionData ?? '',
          yes: answers.yes,
          no: answers.no,
        }),
      );
    });
  });

  // 'Add card' on Payment Methods (issue 11): the signed-in member's own cards only.
  const memberId = (req: FastifyRequest) => requireUser(req, 'member').userId;
  guardedRoutes(
    parent,
    async (req) => {
      requireUser(req, 'member');
    },
    (app) => {
      const tags = ['Member cards'];
      app.post(`/api/${PAYMENT_PATHS.memberCardSession}`, { schema: { tags, body: memberCardSessionInputSchema, response: { 200: paymentTokenReplySchema, ...errorResponses } } }, async (req) =>
        startCardSession(deps, memberId(req), req.body.merchantBranchId),
      );
      app.post(`/api/${PAYMENT_PATHS.memberCardCreate}`, { schema: { tags, body: memberCardCreateInputSchema, response: { 200: memberCardSchema, ...errorResponses } } }, async (req) =>
        createMemberCard(deps, memberId(req), req.body),
      );
    },
  );
}
