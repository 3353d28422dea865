import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { MAX_UPLOAD_BYTES } from '@tillpoint/contracts/page-settings';
import { PROVIDER_ENDPOINTS } from '@tillpoint/contracts/payment-providers';
import type { Config } from './config';
import type { Db } from './db/open-db';
import { registerApiDocs } from './platform/api-docs';
import { registerAuth, createTokenSigner } from './platform/auth';
import { registerTableExports } from './platform/table-export';
import { createCaptcha } from './platform/captcha';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './platform/errors';
import { limitConnectionsPerAddress, serverTimeouts } from './platform/connection-limits';
import { loadDataKey, useDataKey } from './platform/crypto';
import { registerInputGuard } from './platform/input-guard';
import { loggerOptions, registerRequestLog } from './platform/log-redaction';
import { linkOrigin } from './platform/mail-links';
import { registerResponseHeaders } from './platform/response-headers';
import { registerJsonCompression } from './platform/json-compression';
import { type Job, startJobs } from './platform/jobs';
import { databaseFiles } from './platform/files';
import { type MailTransport, deliverDueMailWith, smtpTransport } from './platform/outbox';
import { getOrCreateSecret } from './platform/secrets';
import { purgeExpired } from './platform/sessions';
import { serveWebApp, webDist } from './platform/web-app';
import { captchaRequired } from './modules/system/system.routes';
import { platformSmtpConfig } from './modules/settings/mail-settings.repo';
import { APP_MODULES } from './app-modules';
import { type AppModule, type ModuleContext, moduleRegistry } from './platform/module';

export type AppContext = { app: FastifyInstance; db: Db; config: Config; mail: MailTransport | null; runJob: (name: string) => Promise<unknown> };

/** The card providers' script origins (sandbox and live), for the content security policy. */
/** Google Identity Services, as Google documents for a content security policy: the storefront's Google sign-in button. */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
/**
 * The local till service of the till mode (spec 3 §7.5: GET on the till host, by default port 8080):
 * the browser runs on the till, so the service is this machine's, on whatever port the till's
 * token_url names. Calls only (connect-src): nothing is loaded from it.
 */
const TILL_SERVICE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];
const PAYMENT_HOSTS = [...new Set(Object.values(PROVIDER_ENDPOINTS).flatMap((env) => Object.values(env).map((e) => new URL(e.jsUrl).origin)))];

/**
 * Every schema is zod, so Fastify's default JSON-schema compilers (ajv, fast-json-stringify) need not
 * load at all. Fastify's types name ajv's factories; zod's compilers take the same route definition.
 */
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

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
    // One line per request instead (registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 6 * 1024 * 1024,
    ...serverTimeouts(config),
    frameworkErrors,
    clientErrorHandler,
    schemaController: { compilersFactory: zodCompilers },
  });
  registerRequestLog(app);
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  useDataKey(loadDataKey(config));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerResponseHeaders(app, {
    // Sent only over HTTPS, below.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // PrimeReact positions overlays with inline styles; the captcha solves in a blob worker.
        styleSrc: ["'self'", "'unsafe-inline'", GOOGLE_SIGN_IN],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        // The checkout's card fields (Opayo's drop-in, Dojo's card component) load, call and frame from the providers' hosts.
        // Google's sign-in button loads, calls and frames from its /gsi/ path.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...PAYMENT_HOSTS, GOOGLE_SIGN_IN],
        // The till mode's local till service (spec 3 §7.5: the till host, port 8080) hands the order display its branch.
        connectSrc: ["'self'", ...PAYMENT_HOSTS, GOOGLE_SIGN_IN, ...TILL_SERVICE_ORIGINS],
        // The floor plan previews its QR code PDF, fetched with the bearer token, from a blob: URL.
        frameSrc: ["'self'", 'blob:', ...PAYMENT_HOSTS, GOOGLE_SIGN_IN],
        // A 3-D Secure challenge is a form posted to the card issuer's own page, on any https host.
        formAction: ["'self'", 'https:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  registerJsonCompression(app);

  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, type: 'WARNING', details: MESSAGES.tooManyRequests }),
  });
  // Before any route: the OpenAPI document is made from every route added after this.
  registerApiDocs(app);
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
  // Jobs start after the routes are registered; until then (and when they are off) a wake does nothing.
  let wake: (name: string) => void = () => undefined;
  const ctx: ModuleContext = { db, config, signer, captcha, captchaRequired: needCaptcha, files: databaseFiles, publicUrl: linkOrigin(config), registry, wakeJob: (name) => wake(name) };
  for (const m of modules) m.routes?.(app, ctx);

  serveWebApp(app, webDist, registry.storePagePreloads(ctx));

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
    const running = startJobs(jobs, app.log);
    wake = running.wake;
    app.addHook('onClose', running.stop);
  }
  const runJob = async (name: string) => {
    const job = jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job ${name}`);
    return job.run();
  };
  return { app, db, config, mail: transport, runJob };
}
