import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { SystemParams } from '@tillpoint/contracts/auth';
import { api } from '../shared/api';

/** showCaptcha, testEnvironment and version; asked once per page load. */
export const systemParamsQuery = queryOptions({
  queryKey: ['systemparams'],
  queryFn: async () => {
    const r = await api.get<SystemParams>(PATHS.systemParams, { token: null });
    if (!r.ok) throw new Error(`systemparams: ${r.status}`);
    return r.body;
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useSystemParams() {
  return useQuery(systemParamsQuery);
}
