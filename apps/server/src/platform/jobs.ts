import type { FastifyBaseLogger } from 'fastify';

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

export type RunningJobs = {
  /**
   * Runs a job now rather than at its next tick, for work a request has just committed (a kitchen
   * ticket after Accept). Wakes that come while the job runs make one more run after it.
   */
  wake(name: string): void;
  stop(): Promise<void>;
};

/**
 * In-process jobs. Each job guards its own work with SKIP LOCKED claims, so running them on every
 * server instance is safe; here we only make sure one run of a job never overlaps the next.
 */
export function startJobs(jobs: Job[], log: Pick<FastifyBaseLogger, 'error'>): RunningJobs {
  const running = new Map<string, Promise<unknown>>();
  const again = new Set<string>();
  let stopped = false;
  const start = (job: Job, woken: boolean) => {
    if (running.has(job.name)) {
      // A tick while it runs is skipped; a wake may bring work the run has already looked past.
      if (woken) again.add(job.name);
      return;
    }
    const p = job
      .run()
      .catch((err) => log.error({ err, job: job.name }, 'job failed'))
      .finally(() => {
        running.delete(job.name);
        if (again.delete(job.name) && !stopped) start(job, false);
      });
    running.set(job.name, p);
  };
  const timers = jobs.map((job) => setInterval(() => start(job, false), job.everyMs));
  for (const t of timers) t.unref();
  return {
    wake(name) {
      const job = jobs.find((j) => j.name === name);
      if (job && !stopped) start(job, true);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      // No run starts after this (what is queued waits in the database for the next start).
      await Promise.all(running.values());
    },
  };
}
