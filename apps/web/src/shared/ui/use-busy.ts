import { useState } from 'react';

/**
 * Whether a call this component made is under way (its button shows a spinner), and `run` that
 * marks a call so: `const r = await run(api.put(…))`.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async <T>(work: Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await work;
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}
