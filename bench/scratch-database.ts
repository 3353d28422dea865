import pg from 'pg';

/**
 * Runs `use` on a PostgreSQL database made for it on the server at `pgUrl`, and drops it afterwards
 * (also when `use` fails). With no server answering, says that `label` was skipped and returns.
 */
export async function withScratchDatabase(pgUrl: string, label: string, use: (url: string) => Promise<void>) {
  const admin = new pg.Client({ connectionString: pgUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) {
    console.log(`\nPostgreSQL not reachable: ${label} skipped.`);
    return;
  }
  const name = `tillpoint_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
