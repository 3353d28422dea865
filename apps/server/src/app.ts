import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@tillpoint/contracts/auth';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { MAX_UPLOAD_BYTES } from '@tillpoint/contracts/page-settings';
import type { Config } from './config';
import type { Db } from './db/open-db';
import { registerAuth, createTokenSigner } from './platform/auth';
import { registerTableExports } from './platform/table-export';
import { createCaptcha } from './platform/captcha';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './platform/errors';
import { limitConnectionsPerAddress, serverTimeouts } from './platform/connection-limits';
import { loadDataKey, useDataKey } from './platform/crypto';
import { registerInputGuard } from './platform/input-guard';
import { loggerOptions } from './platform/log-redaction';
import { linkOrigin } from './platform/mail-links';
import { registerResponseHeaders } from './platform/response-headers';
import { type Job, startJobs } from './platform/jobs';
import { databaseFiles } from './platform/files';
import { type MailTransport, deliverDueMailWith, smtpTransport } from './platform/outbox';
import { getOrCreateSecret } from './platform/secrets';
import { purgeExpired } from './platform/sessions';
import { serveWebApp } from './platform/web-app';
import { captchaRequired } from './modules/system/system.routes';
import { platformSmtpConfig } from './modules/settings/mail-settings.repo';
import { APP_MODULES } from './app-modules';
import { type AppModule, type ModuleContext, moduleRegistry } from './platform/module';

export type AppContext = { app: FastifyInstance; db: Db; config: Config; mail: MailTransport | null; runJob: (name: string) => Promise<unknown> };

/** Builds the whole server without listening: plugins, error handling, modules, web app, jobs. */
export async function buildApp({
  db,
  config,
  mail,
  logStream,
  modules = APP_MODULES,
}: { db: Db; config: Config; mail?: MailTransport | null; logStream?: NodeJS.WritableStream; modules?: readonly AppModule[] }): Promise<AppContext> {
  const app = Fastify({
    // Secrets, tokens and query parameters never reach a log line (platform/log-redaction.ts).
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 6 * 1024 * 1024,
    ...serverTimeouts(config),
    frameworkErrors,
    clientErrorHandler,
  });
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  useDataKey(loadDataKey(config));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerResponseHeaders(app);

  await app.register(cookie);
  await app.register(helmet, {
    // Sent only over HTTPS, by registerResponseHeaders.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // PrimeReact positions overlays with inline styles; the captcha solves in a blob worker.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, type: 'WARNING', details: MESSAGES.tooManyRequests }),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Tillpoint API', version: APP_VERSION }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Uploads: a larger file is cut off and refused with the spec's 'Maximum upload size is 5MB.'.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 3, fields: 5, fieldSize: 64 * 1024, parts: 10 } });

  const signer = createTokenSigner(config.jwtSecret ?? (await getOrCreateSecret(db, 'jwt')));
  const captcha = createCaptcha(db, await getOrCreateSecret(db, 'captcha'), config.captchaCost, config.captchaMaxCounter);
  const needCaptcha = captchaRequired(db, config.captchaEnabled);
  registerAuth(app, signer, db);
  // Before the modules: every table load they register gets its export and sendEmail routes.
  registerTableExports(app, db);

  // Every area registers its own routes and declares its sync groups, reset tables and jobs (app-modules.ts).
  const registry = moduleRegistry(modules);
  const ctx: ModuleContext = { db, config, signer, captcha, captchaRequired: needCaptcha, files: databaseFiles, publicUrl: linkOrigin(config), registry };
  for (const m of modules) m.routes?.(app, ctx);

  serveWebApp(app);

  // A transport given by the caller (tests) is used as is; otherwise each batch uses the platform's mail
  // settings (merchantBranchId -1) when saved, else the SMTP_* environment, else mail waits in the outbox.
  const transport = mail ?? null;
  const mailSource = async () => {
    if (transport) return transport;
    const smtp = (await platformSmtpConfig(db)) ?? config.smtp;
    return smtp ? smtpTransport(smtp) : null;
  };
  const jobs: Job[] = [
    { name: 'purge-expired', everyMs: 3_600_000, run: () => purgeExpired(db) },
    { name: 'mail-outbox', everyMs: 3_000, run: () => deliverDueMailWith(db, mailSource) },
    ...registry.jobs(ctx),
  ];
  if (config.runJobs) {
    const stop = startJobs(jobs, app.log);
    app.addHook('onClose', stop);
  }
  const runJob = async (name: string) => {
    const job = jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job ${name}`);
    return job.run();
  };
  return { app, db, config, mail: transport, runJob };
}
