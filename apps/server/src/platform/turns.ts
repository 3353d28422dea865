/**
 * Runs at most `n` of the functions given to it at once; the others start as running ones end, in
 * the order they came. For background work that must leave the database pool to the requests.
 * A turn that ends is handed straight to the first waiting call, so a call arriving in that moment
 * cannot take it as well.
 */
export function turns(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < n) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
