import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { MerchantRole, MerchantUser } from '@tillpoint/contracts/merchant-user';
import type { TillUser } from '@tillpoint/contracts/till-user';
import { getOrThrow, listQuery } from '../../shared/query-client';
import { area } from '../../shared/query-keys';

const P = PATHS.merchantUser;

/** Merchant users (spec 1 §7, base merchantuser/): an account's users, the roles, a branch's till users. */
export const merchantUsers = area('merchantUsers', P.base);

/** Administrators (base adminuser/), listed by a server-paged table. */
export const adminUsers = area('adminUsers', PATHS.adminUser.base);

export const useAccountUsers = (accountId: number, enabled: boolean) => useQuery(listQuery<MerchantUser>(merchantUsers.keys.list(accountId), P.byAccount(accountId), enabled));

/** The roles never change while the app runs. */
export const useMerchantRoles = () =>
  useQuery({ queryKey: [...merchantUsers.keys.all, 'roles'], queryFn: () => getOrThrow<MerchantRole[]>(P.roles), staleTime: Number.POSITIVE_INFINITY });

export const useTillUsers = (branchId: number | null, enabled: boolean) =>
  useQuery(listQuery<TillUser>([...merchantUsers.keys.all, 'tillUsers', branchId ?? 0], P.tillUsers(branchId ?? 0), enabled && branchId !== null));
