import { QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { notify } from './notify';
import { onSignOut } from './session';

/**
 * Server state of the back office. No automatic retries (a 401 or a 400 will not change by
 * asking again) and no refetch on focus (a table must not reload under a user mid-edit).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

onSignOut(() => queryClient.clear());

/** A queryFn for a GET: the body on success; a refusal is shown (spec 1 §8) and fails the query. */
export async function getOrThrow<T>(path: string): Promise<T> {
  const r = await api.get<T>(path);
  if (!notify(r, { suppressSuccess: true }) || !r.ok) throw new Error(`GET ${path}: ${r.status}`);
  return r.body;
}

/**
 * A list the server returns whole (a pick list, a branch's licences): read afresh on every visit,
 * since records made a moment ago elsewhere belong in it.
 */
export const listQuery = <T>(queryKey: QueryKey, path: string, enabled = true) =>
  queryOptions({ queryKey, queryFn: () => getOrThrow<T[]>(path), enabled, staleTime: 0 });
