import type { FastifyBaseLogger } from 'fastify';

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * In-process jobs. Each job guards its own work with SKIP LOCKED claims, so running them on every
 * server instance is safe; here we only make sure one run of a job never overlaps the next.
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger): () => Promise<void> {
  const running = new Map<string, Promise<unknown>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (running.has(job.name)) return;
      const p = job
        .run()
        .catch((err) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => running.delete(job.name));
      running.set(job.name, p);
    }, job.everyMs),
  );
  for (const t of timers) t.unref();
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all(running.values());
  };
}
