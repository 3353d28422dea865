import pg from 'pg';

/**
 * Counts the SQL statements the app sends to PostgreSQL (BEGIN and COMMIT included): each is a round
 * trip, and under load they are what a call's p99 is made of. Every statement goes through
 * pg.Client#query (pooled clients included), so it counts on PostgreSQL only.
 */
export function statementCounter() {
  const original = pg.Client.prototype.query;
  let texts: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    texts.push(typeof q === 'string' ? q : (q?.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    /** The statements `f` sent, and whether one of them let its commit skip the wait for the disk. */
    async counted<T>(f: () => Promise<T>): Promise<{ n: number; value: T; relaxed: boolean; texts: string[] }> {
      texts = [];
      const value = await f();
      const sent = texts;
      return { n: sent.length, value, relaxed: sent.some((t) => t.includes("set_config('synchronous_commit', 'off', true)")), texts: sent };
    },
    restore: () => {
      pg.Client.prototype.query = original;
    },
  };
}
