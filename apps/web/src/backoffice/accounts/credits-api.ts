import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { Credit, CreditTotals } from '@tillpoint/contracts/credit';
import { getOrThrow, listQuery } from '../../shared/query-client';
import { area } from '../../shared/query-keys';

/** Credits of a branch and their totals (spec 1 §7, base merchant/credit/). */
export const credits = area('credits', PATHS.credit.base);

export const useBranchCredits = (branchId: number) => useQuery(listQuery<Credit>(credits.keys.list(branchId), PATHS.credit.byBranch(branchId)));

export const useCreditTotals = (branchId: number) =>
  useQuery({ queryKey: [...credits.keys.all, 'totals', branchId], queryFn: () => getOrThrow<CreditTotals>(PATHS.credit.totals(branchId)), staleTime: 0 });
