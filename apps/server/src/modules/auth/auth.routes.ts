import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { PATHS } from '@tillpoint/contracts/api-paths';
import {
  REFRESH_TOKEN_DAYS,
  adminLoginSchema,
  codeParamsSchema,
  loginCodeSchema,
  merchantLoginSchema,
  refreshRequestSchema,
  resetFinishSchema,
  resetInitSchema,
  tokensSchema,
} from '@tillpoint/contracts/auth';
import { MESSAGES } from '@tillpoint/contracts/messages';
import {
  type AuthDeps,
  type StaffType,
  exchangeCode,
  loginAdmin,
  loginMerchant,
  logout,
  refreshTokens,
  resetFinish,
  resetInit,
} from './auth.service';
import { createLoginThrottle } from '../../platform/login-throttle';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
const notice = z.object({ type: z.literal('SUCCESS'), details: z.string() });

/**
 * The refresh token lives in an httpOnly cookie per user type, so page scripts never hold it. Refresh
 * and logout take it from the body when one is sent, else from the cookie (a POST without a body has
 * a null body, hence nullish).
 */
const cookieName = (t: StaffType) => `tp_rt_${t}`;

function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, t: StaffType, token: string) {
  reply.setCookie(cookieName(t), token, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge: REFRESH_TOKEN_DAYS * 86_400,
  });
}

export function authRoutes(
  parent: FastifyInstance,
  base: Omit<AuthDeps, 'throttle'>,
  opts: { loginRateLimit: number; publicUrl: string; loginCaptchaAfter: number; loginCaptchaAfterPerAddress: number },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const deps: AuthDeps = { ...base, throttle: createLoginThrottle({ perAccount: opts.loginCaptchaAfter, perAddress: opts.loginCaptchaAfterPerAddress }) };
  const rateLimit = { max: opts.loginRateLimit, timeWindow: '1 minute' };

  for (const t of ['admin', 'merchant'] as const) {
    const paths = PATHS[t];
    const tags = [t === 'admin' ? 'Admin sign-in' : 'Merchant sign-in'];
    const loginBody = t === 'admin' ? adminLoginSchema : merchantLoginSchema;

    app.post(
      `/api/${paths.login}`,
      { config: { rateLimit }, schema: { tags, body: loginBody, response: { 200: loginCodeSchema, ...errors } } },
      async (req) => ({
        code:
          t === 'admin'
            ? await loginAdmin(deps, adminLoginSchema.parse(req.body), req.ip)
            : await loginMerchant(deps, merchantLoginSchema.parse(req.body), req.ip),
      }),
    );

    app.post(
      `/api/${paths.tokens(':code')}`,
      { config: { rateLimit }, schema: { tags, params: codeParamsSchema, response: { 200: tokensSchema, ...errors } } },
      async (req, reply) => {
        const tokens = await exchangeCode(deps, t, req.params.code);
        setRefreshCookie(req, reply, t, tokens.refreshToken);
        return tokens;
      },
    );

    app.post(
      `/api/${paths.refresh}`,
      { config: { rateLimit }, schema: { tags, body: refreshRequestSchema.nullish(), response: { 200: tokensSchema, ...errors } } },
      async (req, reply) => {
        try {
          const tokens = await refreshTokens(deps, t, req.body?.refreshToken ?? req.cookies[cookieName(t)]);
          setRefreshCookie(req, reply, t, tokens.refreshToken);
          return tokens;
        } catch (err) {
          reply.clearCookie(cookieName(t), { path: '/api/' });
          throw err;
        }
      },
    );

    app.post(`/api/${paths.logout}`, { schema: { tags, body: refreshRequestSchema.nullish(), response: { 200: notice } } }, async (req, reply) => {
      await logout(deps, req.body?.refreshToken ?? req.cookies[cookieName(t)]);
      reply.clearCookie(cookieName(t), { path: '/api/' });
      return { type: 'SUCCESS' as const, details: MESSAGES.success };
    });

    app.post(
      `/api/${paths.resetInit}`,
      { config: { rateLimit }, schema: { tags, body: resetInitSchema, response: { 200: notice, ...errors } } },
      async (req) => {
        await resetInit(deps, t, req.body, opts.publicUrl);
        return { type: 'SUCCESS' as const, details: MESSAGES.resetMailSent };
      },
    );

    app.post(
      `/api/${paths.resetFinish}`,
      { config: { rateLimit }, schema: { tags, body: resetFinishSchema, response: { 200: notice, ...errors } } },
      async (req) => {
        await resetFinish(deps, t, req.body);
        return { type: 'SUCCESS' as const, details: MESSAGES.passwordChanged };
      },
    );
  }
}
