import { describe, expect, it } from 'vitest';
import { turns } from './turns';

describe('turns', () => {
  it('runs at most n at once, the rest in order as turns free up, and a failure frees its turn', async () => {
    const turn = turns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (i: number) =>
      turn(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (i === 1) throw new Error('planted');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(job));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('a turn that ends goes to the waiting call, not to one arriving at that moment as well', async () => {
    const turn = turns(1);
    let running = 0;
    let most = 0;
    let late: Promise<void> | undefined;
    const job = (last = false) =>
      turn(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        // A call made just as this turn ends (two microtasks on: after the turn is let go, before the waiting call resumes).
        if (last) queueMicrotask(() => queueMicrotask(() => (late = job())));
      });
    await Promise.all([job(true), job()]);
    await late;
    expect(late).toBeDefined();
    expect(most).toBe(1);
  });
});
