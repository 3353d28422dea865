/**
 * Runs at most `n` of the functions given to it at once; the others start as running ones end, in
 * the order they came. For background work that must leave the database pool to the requests.
 */
export function turns(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
