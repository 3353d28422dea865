import { useEffect, useState } from 'react';
import type { ApiResult } from '../../shared/api';
import { notify } from '../../shared/notify';

/**
 * A member page's data from one call, made again when `key` changes (a page number): null until the
 * first answer, the last answer shown while the next one comes. A refusal shows its toast and sets
 * `failed`; `set` replaces the data after the page saved it.
 */
export function useMemberData<T>(call: () => Promise<ApiResult<T>>, key?: unknown) {
  const [data, set] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `call` is a new function each render; `key` says when to call again
  useEffect(() => {
    let live = true;
    void call().then((r) => {
      if (!live) return;
      setFailed(!r.ok);
      if (r.ok) set(r.body);
      else notify(r, { suppressSuccess: true });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return { data, set, failed };
}

/** What a member page shows until its data is there: 'Loading…', or that `what` could not be loaded. */
export function MemberDataLoading({ failed, what }: { failed: boolean; what: string }) {
  return failed ? (
    <p className="co-muted">{what} could not be loaded. Please try again later.</p>
  ) : (
    <div className="co-loading" aria-busy="true">
      Loading…
    </div>
  );
}
