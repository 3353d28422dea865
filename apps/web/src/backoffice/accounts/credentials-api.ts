import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { Credential } from '@tillpoint/contracts/credential';
import { listQuery } from '../../shared/query-client';
import { area } from '../../shared/query-keys';

/** Till credentials of a branch (spec 1 §7, base merchant/credentials/). */
export const credentials = area('credentials', PATHS.credential.base);

export const useBranchCredentials = (branchId: number) => useQuery(listQuery<Credential>(credentials.keys.list(branchId), PATHS.credential.byBranch(branchId)));
