import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { REFRESH_TOKEN_DAYS, codeParamsSchema, loginCodeSchema, refreshRequestSchema, resetFinishSchema, resetInitSchema, tokensSchema } from '@tillpoint/contracts/auth';
import {
  MEMBER_MESSAGES,
  MEMBER_PATHS,
  MEMBER_SECURITY_PATHS as P,
  checkEmailParamsSchema,
  checkEmailReplySchema,
  checkPageReplySchema,
  googleClientIdSchema,
  googleLoginReplySchema,
  googleLoginSchema,
  memberLoginSchema,
  memberPasswordChangeSchema,
  memberProfileSchema,
  memberProfileUpdateSchema,
  memberRegisterSchema,
  verifyCodeRequestSchema,
} from '@tillpoint/contracts/member';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { requireUser } from '../../platform/auth';
import {
  type MemberDeps,
  changePassword,
  checkEmail,
  currentMember,
  deleteAccount,
  exchangeCode,
  googleLogin,
  login,
  logout,
  refreshTokens,
  register,
  resetFinish,
  resetInit,
  sendVerifyCode,
  updateProfile,
} from './members.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const notice = z.object({ type: z.literal('SUCCESS'), details: z.string() });
const success = (details: string = MESSAGES.success) => ({ type: 'SUCCESS' as const, details });
const tags = ['Member sign-in'];
const profileTags = ['Member account'];

/** The member's refresh token lives in its own httpOnly cookie, apart from the staff ones. */
const COOKIE = 'tp_rt_member';
function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(COOKIE, token, { path: '/api/', httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', maxAge: REFRESH_TOKEN_DAYS * 86_400 });
}

/** 401 for a visitor, 403 for staff, before any body is read. */
async function memberOnly(req: FastifyRequest) {
  requireUser(req, 'member');
}

/** Member sign-in, registration, Google, reset (spec 3 §7.4) and the member's own profile. */
export function membersRoutes(parent: FastifyInstance, deps: MemberDeps, opts: { rateLimit: number; publicUrl: string }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Per address and minute: sign-in, the 0/1/2 answer and mailing calls (so nobody walks a list of addresses).
  const config = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };
  const api = (path: string) => `/api/${path}`;

  app.get(
    // The path builder encodes its argument, so the route's parameter is spelled out here.
    api(`${P.checkEmail('')}:email`),
    { config, schema: { tags, params: checkEmailParamsSchema, response: { 200: checkEmailReplySchema, ...errors } } },
    async (req) => checkEmail(deps.db, req.params.email),
  );

  app.get(api(P.googleClientId), { schema: { tags, response: { 200: googleClientIdSchema } } }, async () => ({ clientId: deps.google.clientId }));

  app.post(api(P.login), { config, schema: { tags, body: memberLoginSchema, response: { 200: loginCodeSchema, ...errors } } }, async (req) => ({
    code: await login(deps, req.body, req.ip),
  }));

  app.post(api(P.tokens(':code')), { config, schema: { tags, params: codeParamsSchema, response: { 200: tokensSchema, ...errors } } }, async (req, reply) => {
    const tokens = await exchangeCode(deps, req.params.code);
    setRefreshCookie(req, reply, tokens.refreshToken);
    return tokens;
  });

  app.post(api(P.refresh), { config, schema: { tags, body: refreshRequestSchema.nullish(), response: { 200: tokensSchema, ...errors } } }, async (req, reply) => {
    try {
      const tokens = await refreshTokens(deps, req.body?.refreshToken ?? req.cookies[COOKIE]);
      setRefreshCookie(req, reply, tokens.refreshToken);
      return tokens;
    } catch (err) {
      reply.clearCookie(COOKIE, { path: '/api/' });
      throw err;
    }
  });

  app.post(api(P.logout), { schema: { tags, body: refreshRequestSchema.nullish(), response: { 200: notice } } }, async (req, reply) => {
    await logout(deps.db, req.body?.refreshToken ?? req.cookies[COOKIE]);
    reply.clearCookie(COOKIE, { path: '/api/' });
    return success();
  });

  app.post(api(P.verifyCode), { config, schema: { tags, body: verifyCodeRequestSchema, response: { 200: notice, ...errors } } }, async (req) => {
    await sendVerifyCode(deps.db, req.body.email);
    return success(MEMBER_MESSAGES.verifyCodeSent);
  });

  app.post(api(P.register), { config, schema: { tags, body: memberRegisterSchema, response: { 200: loginCodeSchema, ...errors } } }, async (req) => ({
    code: await register(deps, req.body, req.ip),
  }));

  app.post(api(P.loginGoogle), { config, schema: { tags, body: googleLoginSchema, response: { 200: googleLoginReplySchema, ...errors } } }, async (req) =>
    googleLogin(deps, req.body),
  );

  app.post(api(P.resetInit), { config, schema: { tags, body: resetInitSchema, response: { 200: notice, ...errors } } }, async (req) => {
    await resetInit(deps.db, req.body, opts.publicUrl);
    return success(MESSAGES.resetMailSent);
  });

  app.post(api(P.resetFinish), { config, schema: { tags, body: resetFinishSchema, response: { 200: notice, ...errors } } }, async (req) => {
    await resetFinish(deps.db, req.body);
    return success(MESSAGES.passwordChanged);
  });

  // ---- the signed-in member ----

  // The page check answers every caller 200: a revoked or expired token reads as no sign-in (platform/auth.ts).
  app.get(api(MEMBER_PATHS.checkPage), { schema: { tags, response: { 200: checkPageReplySchema } } }, async (req) =>
    req.principal ? { userType: req.principal.userType } : { status: 401 as const, details: MESSAGES.sessionExpired },
  );

  app.get(api(MEMBER_PATHS.current), { onRequest: memberOnly, schema: { tags: profileTags, response: { 200: memberProfileSchema, ...errors } } }, async (req) =>
    currentMember(deps.db, requireUser(req, 'member').userId),
  );

  app.put(
    api(MEMBER_PATHS.update),
    { onRequest: memberOnly, schema: { tags: profileTags, body: memberProfileUpdateSchema, response: { 200: memberProfileSchema, ...errors } } },
    async (req) => updateProfile(deps.db, requireUser(req, 'member').userId, req.body),
  );

  app.put(
    api(MEMBER_PATHS.passwordChange),
    { onRequest: memberOnly, schema: { tags: profileTags, body: memberPasswordChangeSchema, response: { 200: notice, ...errors } } },
    async (req) => {
      await changePassword(deps.db, requireUser(req, 'member'), req.body.password);
      return success(MEMBER_MESSAGES.passwordChanged);
    },
  );

  app.delete(api(MEMBER_PATHS.remove), { onRequest: memberOnly, schema: { tags: profileTags, response: { 200: notice, ...errors } } }, async (req, reply) => {
    await deleteAccount(deps, requireUser(req, 'member').userId);
    reply.clearCookie(COOKIE, { path: '/api/' });
    return success(MEMBER_MESSAGES.accountDeleted);
  });
}
