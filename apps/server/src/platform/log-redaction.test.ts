import { describe, expect, it, vi } from 'vitest';
import { batchedStdout } from './log-redaction';

describe('batchedStdout', () => {
  it('writes the lines of 20 ms in one write, and at once when 16 KB are pending', () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const out = batchedStdout({ write: (t: string) => writes.push(t) });
      out.write('a\n');
      out.write('b\n');
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(20);
      expect(writes).toEqual(['a\nb\n']);
      out.write('x'.repeat(16_384));
      expect(writes).toHaveLength(2);
      vi.advanceTimersByTime(20);
      expect(writes).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes what is pending when asked to flush (as it does at exit)', () => {
    const writes: string[] = [];
    const out = batchedStdout({ write: (t: string) => writes.push(t) });
    out.write('last words\n');
    out.flush();
    expect(writes).toEqual(['last words\n']);
  });
});
