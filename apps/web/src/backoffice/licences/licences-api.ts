import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { Licence } from '@tillpoint/contracts/licence';
import { listQuery } from '../../shared/query-client';
import { area } from '../../shared/query-keys';

/** Licences (spec 1 §7, base merchant/license/): the licences page's table and each branch's list. */
export const licences = area('licences', PATHS.licence.base);

export const useBranchLicences = (branchId: number) => useQuery(listQuery<Licence>(licences.keys.list(branchId), PATHS.licence.byBranch(branchId)));
