import { QueryClient } from '@tanstack/react-query';
import { onSignOut } from './session';

/**
 * Server state of the back office. No automatic retries (a 401 or a 400 will not change by
 * asking again) and no refetch on focus (a table must not reload under a user mid-edit).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

onSignOut(() => queryClient.clear());
