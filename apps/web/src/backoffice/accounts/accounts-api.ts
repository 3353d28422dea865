import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { MerchantAccount } from '@tillpoint/contracts/merchant-account';
import type { BranchComboItem } from '@tillpoint/contracts/merchant-branch';
import { listQuery } from '../../shared/query-client';
import { area } from '../../shared/query-keys';

/** Merchant accounts (spec 1 §7, base merchant/account/). */
export const accounts = area('merchantAccounts', PATHS.merchantAccount.base);

/** Merchant branches (base merchant/branch/): an account's pick list and the caller's own branches. */
export const branches = {
  ...area('merchantBranches', PATHS.merchantBranch.base),
  combo: (accountId: number) => ['merchantBranches', 'combo', accountId] as const,
  mine: ['merchantBranches', 'mine'] as const,
};

/** Every merchant account, for pick lists. */
export const useAccountList = (enabled = true) => useQuery(listQuery<MerchantAccount>(accounts.keys.list(), PATHS.merchantAccount.all, enabled));

/** An account's branches for a pick list; nothing until an account is chosen. */
export const useBranchCombo = (accountId: number | null) =>
  useQuery(listQuery<BranchComboItem>(branches.combo(accountId ?? 0), PATHS.merchantBranch.combo(accountId ?? 0), accountId !== null));

/** GET merchant/branch/all: a merchant user's branches of its own account (every branch for an administrator). */
export const useMyBranches = (enabled = true) => useQuery(listQuery<BranchComboItem>(branches.mine, PATHS.merchantBranch.all, enabled));
