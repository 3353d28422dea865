import { describe, expect, it } from 'vitest';
import { startJobs } from './jobs';

const logged: unknown[] = [];
const log = { error: (o: unknown) => void logged.push(o) };
const HOUR = 3_600_000;

/** A job whose runs are counted and which ends when told to. */
function heldJob() {
  let runs = 0;
  const ends: (() => void)[] = [];
  return {
    job: {
      name: 'print-queue',
      everyMs: HOUR,
      run: () => {
        runs++;
        return new Promise<void>((resolve) => ends.push(resolve));
      },
    },
    runs: () => runs,
    endRun: async () => {
      ends.shift()?.();
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('jobs', () => {
  it('runs a job when woken, long before its tick', async () => {
    const h = heldJob();
    const jobs = startJobs([h.job], log);
    expect(h.runs()).toBe(0);
    jobs.wake('print-queue');
    expect(h.runs()).toBe(1);
    await h.endRun();
    await jobs.stop();
  });

  it('never runs a job twice at once: wakes while it runs make one more run after it', async () => {
    const h = heldJob();
    const jobs = startJobs([h.job], log);
    jobs.wake('print-queue');
    jobs.wake('print-queue');
    jobs.wake('print-queue');
    expect(h.runs()).toBe(1);
    await h.endRun();
    expect(h.runs()).toBe(2);
    await h.endRun();
    expect(h.runs()).toBe(2);
    await jobs.stop();
  });

  it('ignores names it does not run, and wakes after stop', async () => {
    const h = heldJob();
    const jobs = startJobs([h.job], log);
    jobs.wake('mail-outbox');
    expect(h.runs()).toBe(0);
    const stopped = jobs.stop();
    jobs.wake('print-queue');
    await stopped;
    expect(h.runs()).toBe(0);
  });

  it('stop waits for the run under way and starts no other (what was queued waits in the database)', async () => {
    const h = heldJob();
    const jobs = startJobs([h.job], log);
    jobs.wake('print-queue');
    jobs.wake('print-queue');
    let done = false;
    const stopped = jobs.stop().then(() => {
      done = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    await h.endRun();
    await stopped;
    expect(h.runs()).toBe(1);
  });

  it('logs a run that fails, and runs the job again on the next wake', async () => {
    let runs = 0;
    const run = async () => {
      if (runs++ === 0) throw new Error('printer db down');
    };
    const jobs = startJobs([{ name: 'print-queue', everyMs: HOUR, run }], log);
    jobs.wake('print-queue');
    await new Promise((r) => setImmediate(r));
    jobs.wake('print-queue');
    await jobs.stop();
    expect(runs).toBe(2);
    expect(logged).toEqual([expect.objectContaining({ job: 'print-queue' })]);
  });
});
