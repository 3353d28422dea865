import { configProblems, loadConfig } from './config';
import { openDb } from './db/open-db';

/**
 * STARTUP_TIMING=1: when each start-up phase ends, on stderr: ms since the process started, and the
 * process's CPU ms so far (the steadier figure on a machine other work shares).
 */
const mark = process.env.STARTUP_TIMING
  ? (phase: string) => {
      const cpu = process.cpuUsage();
      process.stderr.write(`startup ${phase} ${performance.now().toFixed(0)} ${((cpu.user + cpu.system) / 1000).toFixed(0)}\n`);
    }
  : () => {};
mark('main');

/** Start-up: config, database, migrations, reference and demo data, listen, graceful shutdown. */
const config = loadConfig();
const problems = configProblems(config);
if (problems.length) {
  for (const p of problems) console.error(`Configuration error: ${p}`);
  process.exit(1);
}
// The database opens (PGlite compiles its WebAssembly off the main thread) while the rest of the
// server's code loads: a restart waits for the slower of the two, not for both.
const [opened, { buildApp }, { createFirstAdmin, loadDemoData, DEMO }, { applyReferenceData, startState }] = await Promise.all([
  openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).finally(() => mark('db-open')),
  import('./app').finally(() => mark('app-code')),
  import('./db/demo-data'),
  import('./db/reference-data'),
]);
// One query says what this start has to do: usually nothing (the reference data is this build's and there are users).
const state = await startState(opened.db);
if (!state.referenceDataCurrent) await applyReferenceData(opened.db);
let seeded = false;
if (state.empty) {
  if (config.demoData) {
    await loadDemoData(opened.db);
    seeded = true;
  } else if (config.adminUsername && config.adminPassword) {
    await createFirstAdmin(opened.db, config.adminUsername, config.adminPassword);
  }
}
mark('data-check');
const { app } = await buildApp({ db: opened.db, config });
mark('build-app');
await app.listen({ port: config.port, host: config.host });
mark('listen');

// After listening: secrets saved before encryption at rest existed are encrypted now (buildApp has
// loaded the key). Until then they are read as they are, as they always were.
const [{ sealStoredPaymentSecrets }, { sealStoredMailPasswords }] = await Promise.all([
  import('./modules/settings/branch-settings.repo'),
  import('./modules/settings/mail-settings.repo'),
]);
const sealed = (await sealStoredMailPasswords(opened.db)) + (await sealStoredPaymentSecrets(opened.db));
if (sealed) console.log(`Encrypted ${sealed} stored secret(s) with the data key.`);

const base = `http://localhost:${config.port}`;
const where = opened.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
console.log(`\nTillpoint is running on ${base}  (database: ${where}${seeded ? ', demo data loaded' : ''})`);
console.log(`  Admin back office     ${base}/admin/      sign in as ${DEMO.admin.userName} / ${DEMO.admin.password}`);
console.log(`  Merchant back office  ${base}/merchant/   store ${DEMO.merchant.domainName}, ${DEMO.merchant.userName} / ${DEMO.merchant.password}`);
console.log(`  Storefront            ${base}/`);
console.log(`  API documentation     ${base}/api/docs\n`);
if (!config.smtp) console.log('  No SMTP_HOST set: e-mails wait in the mail_outbox table until the platform mail settings are saved.\n');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await opened.close();
    process.exit(0);
  });
}
