import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query keys of one API area, all under one root, so that one invalidation refreshes every
 * list, pick list and detail of the area that is on screen or cached.
 */
export function areaKeys<const N extends string>(name: N) {
  return {
    all: [name] as const,
    detail: (id: number) => [name, 'detail', id] as const,
    /** A list, optionally narrowed (e.g. by account or branch). */
    list: (...scope: (string | number)[]) => [name, 'list', ...scope] as const,
  };
}

/** One API area as the record form needs it: its generic base path and its query keys. */
export type Area = {
  /** A generic resource base (ARCHITECTURE §2), e.g. PATHS.tax: create, update, {id} and {id}/status/{s} follow it. */
  base: string;
  keys: { all: QueryKey; detail: (id: number) => QueryKey };
};

/** An area of the API: `area('taxes', PATHS.tax)`. */
export const area = <const N extends string>(name: N, base: string) => ({ base, keys: areaKeys(name) });

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

/**
 * After a save, delete or status change in an area: its queries go stale, and so does every
 * server-paged table whose data URL lies under the area's base (LazyTable keys its pages
 * ['table', dataUrl, …]). `except` is a key just filled with the server's reply.
 */
export function refreshArea(queryClient: QueryClient, area: Area, except?: QueryKey) {
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      if (except && queryKey.length === except.length && startsWith(queryKey, except)) return false;
      if (startsWith(queryKey, area.keys.all)) return true;
      return queryKey[0] === 'table' && typeof queryKey[1] === 'string' && queryKey[1].startsWith(area.base);
    },
  });
}
