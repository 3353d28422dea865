import { BRANCH_SETTINGS_PATHS } from '@tillpoint/contracts/branch-settings';
import { MAIL_SETTINGS_PATHS } from '@tillpoint/contracts/mail-settings';
import { PAGE_SETTINGS_PATHS } from '@tillpoint/contracts/page-settings';
import { area } from '../../shared/query-keys';

/**
 * A branch's settings (spec 1 §7): each kind is read by branch, so its form's record comes from
 * `source(branchId)`. Mail settings of the platform itself are those of branch -1.
 */
const byBranch = <const N extends string>(name: N, base: string, path: (branchId: number) => string) => ({
  ...area(name, base),
  source: (branchId: number) => ({ key: [name, 'branch', branchId] as const, path: path(branchId) }),
});

export const branchSettings = byBranch('branchSettings', BRANCH_SETTINGS_PATHS.base, BRANCH_SETTINGS_PATHS.byBranch);
export const pageSettings = byBranch('pageSettings', PAGE_SETTINGS_PATHS.base, PAGE_SETTINGS_PATHS.byBranch);
export const mailSettings = byBranch('mailSettings', MAIL_SETTINGS_PATHS.base, MAIL_SETTINGS_PATHS.byBranch);
