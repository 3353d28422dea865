import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_VERSION, menuItemSchema, systemParamsSchema } from '@tillpoint/contracts/auth';
import type { Db } from '../../db/open-db';
import { menuItem, systemParameter } from '../../db/schema';
import { requireUser } from '../../platform/auth';
import type { Captcha } from '../../platform/captcha';

/** The captcha is on unless SHOW_CAPTCHA=false or the showCaptcha system parameter says false. */
export function captchaRequired(db: Db, enabledByConfig: boolean) {
  return async () => {
    if (!enabledByConfig) return false;
    const [row] = await db.select().from(systemParameter).where(eq(systemParameter.name, 'showCaptcha'));
    return row?.value !== 'false';
  };
}

export function systemRoutes(parent: FastifyInstance, deps: { db: Db; captcha: Captcha; captchaRequired: () => Promise<boolean>; testEnvironment: boolean }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/systemparams/', { schema: { tags: ['System'], response: { 200: systemParamsSchema } } }, async () => ({
    showCaptcha: await deps.captchaRequired(),
    testEnvironment: deps.testEnvironment,
    version: APP_VERSION,
  }));

  app.get('/api/actuator/health', { schema: { tags: ['System'], response: { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) } } }, async (req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'UP' };
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'DOWN' });
    }
  });

  app.get('/api/captcha/challenge', { schema: { tags: ['System'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return deps.captcha.challenge();
  });

  /** The back-office menu of the caller's user type; a merchant sees the areas its privileges open. */
  app.get('/api/merchant/menu', { schema: { tags: ['System'], response: { 200: z.array(menuItemSchema) } } }, async (req) => {
    const p = requireUser(req, 'admin', 'merchant');
    const rows = await db.select().from(menuItem).where(eq(menuItem.userType, p.userType)).orderBy(asc(menuItem.sortOrder), asc(menuItem.id));
    const objects = new Set([...p.privileges].map((k) => k.slice(0, k.lastIndexOf(':'))));
    const visible = rows.filter((r) => r.objectName === null || objects.has(r.objectName));
    // A group heading stays only when something under it is visible.
    const parents = new Set(visible.filter((r) => r.href).map((r) => r.parentId));
    return visible
      .filter((r) => r.href || parents.has(r.id))
      .map((r) => ({ id: r.id, parentId: r.parentId, description: r.description, href: r.href, icon: r.icon }));
  });
}
