/** Server configuration, read once from the environment. */
export type SmtpConfig = { host: string; port: number; user?: string; pass?: string; secure: boolean; from: string };

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  /** Where the embedded PGlite database lives; null keeps it in memory (tests). */
  dataDir: string | null;
  demoData: boolean;
  /** With the demo data: a stand-in that takes the prints of printers at 127.0.0.1 (modules/printing/demo-printer.ts). */
  demoPrinter: boolean;
  adminUsername?: string;
  adminPassword?: string;
  /** SHOW_CAPTCHA=false turns the captcha off whatever the system parameter says. */
  captchaEnabled: boolean;
  /** How hard the captcha's proof of work is (PBKDF2 rounds per try, and the secret counter's ceiling). */
  captchaCost: number;
  captchaMaxCounter: number;
  testEnvironment: boolean;
  smtp: SmtpConfig | null;
  /**
   * The public address of the web app, used in mailed links. Required in production: without it the
   * links are built from the request's Host header, which a caller can forge (reset-link poisoning).
   */
  publicUrl?: string;
  /** Trust X-Forwarded-* headers (only behind a proxy that sets them). */
  trustProxy: boolean;
  jwtSecret?: string;
  logLevel: string;
  /** Background jobs (outbox, clean-up); tests drive them by hand. */
  runJobs: boolean;
  /** Login attempts allowed per address per minute. */
  loginRateLimit: number;
  /** Failed sign-ins after which a name (or an address) needs a captcha and waits longer each time. */
  loginCaptchaAfter: number;
  loginCaptchaAfterPerAddress: number;
  /** A whole request (headers and body) must arrive within this; its headers within headersTimeoutMs. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** An idle kept-alive socket is closed after this; any socket idle for idleTimeoutMs is closed. */
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  /** Open sockets allowed per remote address (0: no cap). */
  maxConnectionsPerAddress: number;
  /**
   * Key (32 bytes, base64 or hex) that encrypts the secrets the server must read back (SMTP and
   * payment provider passwords). Without it, a key file is made once at dataKeyFile (mode 0600).
   */
  dataKey?: string;
  dataKeyFile?: string;
  /** Where postcode addresses and positions come from: 'gazetteer' (built in) or 'ideal-postcodes' (their REST API). */
  addressProvider: string;
  idealPostcodes: { apiKey?: string; url: string; timeoutMs: number };
  /**
   * Google sign-in for members: the OAuth client id (the ID token's audience; no id hides the button),
   * the issuer and its key set (tests point these at a local issuer).
   */
  google: { clientId?: string; issuers: string[]; jwksUrl: string };
};

const bool = (v: string | undefined, fallback: boolean) => (v === undefined || v === '' ? fallback : !/^(false|0|no|off)$/i.test(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const smtpHost = env.SMTP_HOST;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    demoData: bool(env.DEMO_DATA, true),
    demoPrinter: bool(env.DEMO_PRINTER, true),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    captchaEnabled: bool(env.SHOW_CAPTCHA, true),
    captchaCost: Number(env.CAPTCHA_COST ?? 1000),
    captchaMaxCounter: Number(env.CAPTCHA_MAX_COUNTER ?? 2000),
    testEnvironment: bool(env.TEST_ENVIRONMENT, true),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: Number(env.SMTP_PORT ?? 587),
          user: env.SMTP_USER || undefined,
          pass: env.SMTP_PASSWORD || undefined,
          secure: bool(env.SMTP_SECURE, false),
          from: env.MAIL_FROM ?? 'no-reply@tillpoint.local',
        }
      : null,
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: bool(env.TRUST_PROXY, false),
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    runJobs: true,
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 30),
    loginCaptchaAfter: Number(env.LOGIN_CAPTCHA_AFTER ?? 3),
    loginCaptchaAfterPerAddress: Number(env.LOGIN_CAPTCHA_AFTER_PER_ADDRESS ?? 20),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 30_000),
    headersTimeoutMs: Number(env.HEADERS_TIMEOUT_MS ?? 10_000),
    keepAliveTimeoutMs: Number(env.KEEP_ALIVE_TIMEOUT_MS ?? 5_000),
    idleTimeoutMs: Number(env.IDLE_TIMEOUT_MS ?? 60_000),
    maxConnectionsPerAddress: Number(env.MAX_CONNECTIONS_PER_ADDRESS ?? 100),
    dataKey: env.DATA_KEY || undefined,
    // Beside the embedded database, or (PostgreSQL without DATA_DIR) beside the server: never in the database itself.
    dataKeyFile: env.DATA_KEY_FILE || `${(env.DATA_DIR ?? './data').replace(/\/$/, '')}/data.key`,
    addressProvider: env.ADDRESS_PROVIDER || 'gazetteer',
    idealPostcodes: {
      apiKey: env.IDEAL_POSTCODES_API_KEY || undefined,
      url: env.IDEAL_POSTCODES_URL || 'https://api.ideal-postcodes.co.uk',
      timeoutMs: Number(env.IDEAL_POSTCODES_TIMEOUT_MS ?? 4_000),
    },
    google: {
      clientId: env.GOOGLE_CLIENT_ID || undefined,
      // Google signs with either spelling of its issuer.
      issuers: env.GOOGLE_ISSUER ? [env.GOOGLE_ISSUER] : ['https://accounts.google.com', 'accounts.google.com'],
      jwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
    },
  };
}

/** Settings that would make a production server unsafe; main.ts refuses to start with any. */
export function configProblems(c: Config): string[] {
  const problems: string[] = [];
  if (c.dataKey && !/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/.test(c.dataKey)) {
    problems.push('DATA_KEY must be 32 bytes, written as 64 hex digits or 44 base64 characters.');
  }
  if (c.addressProvider !== 'gazetteer' && c.addressProvider !== 'ideal-postcodes') {
    problems.push('ADDRESS_PROVIDER must be gazetteer or ideal-postcodes.');
  } else if (c.addressProvider === 'ideal-postcodes' && !c.idealPostcodes.apiKey) {
    problems.push('IDEAL_POSTCODES_API_KEY must be set when ADDRESS_PROVIDER=ideal-postcodes.');
  }
  if (!c.testEnvironment && !c.publicUrl) {
    problems.push('PUBLIC_URL must be set when TEST_ENVIRONMENT=false: mailed reset and activation links are built from it.');
  }
  return problems;
}

/** The configuration tests start from: in-memory database, no captcha, no jobs, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: null,
    databaseUrl: undefined,
    demoData: false,
    demoPrinter: false,
    captchaEnabled: false,
    captchaCost: 1,
    captchaMaxCounter: 50,
    logLevel: 'silent',
    runJobs: false,
    loginRateLimit: 1000,
    // Every injected request comes from 127.0.0.1: per-address slowing is tested where it is meant.
    loginCaptchaAfterPerAddress: 1000,
    // In-memory databases keep their key in memory too (see platform/crypto.ts).
    dataKeyFile: undefined,
    ...overrides,
  };
}
