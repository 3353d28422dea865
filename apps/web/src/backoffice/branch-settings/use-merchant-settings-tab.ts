import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { MERCHANT_BRANCH_SETTINGS_DEFAULTS, MERCHANT_SETTINGS_PATHS, type MerchantBranchSettings } from '@tillpoint/contracts/branch-settings';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { flatSchedule } from '@tillpoint/contracts/schedule';
import { usePrivileges } from '../../shared/privileges';
import { useUser } from '../../shared/session';
import type { Draft } from '../../shared/ui/use-zod-form';
import { type Saved, useBranchSettingsTab } from '../settings/use-settings-tab';

export type MerchantSettingsRecord = Saved<MerchantBranchSettings>;

/** The signed-in user's current branch (-1): one copy read for all six tabs. */
const CURRENT = { key: ['branchSettings', 'merchant', 'current'] as const, path: MERCHANT_SETTINGS_PATHS.current };

type Options<S extends z.ZodType<FieldValues, FieldValues>> = {
  schema: S;
  /** The tab's own save, MERCHANT_SETTINGS_PATHS.{tab}. */
  path: string;
  toForm: (s: MerchantSettingsRecord) => Draft<z.input<S>>;
  onEditingChange: (editing: boolean) => void;
};

/**
 * One tab of the merchant's branch settings (spec 2 §2): the current branch's settings, saved by
 * the tab's own call. Edit and Save need BranchSettings Create (spec 2 §6, as the server checks);
 * settings are never added or deleted.
 */
export function useMerchantSettingsTab<S extends z.ZodType<FieldValues, FieldValues>>(options: Options<S>) {
  const branchId = useUser().merchantBranchId ?? 0;
  const privileges = usePrivileges(OBJECTS.branchSettings);
  const tab = useBranchSettingsTab<MerchantBranchSettings, S>({
    ...options,
    source: CURRENT,
    defaults: { ...MERCHANT_BRANCH_SETTINGS_DEFAULTS, ...flatSchedule(null), id: null, merchantBranchId: branchId },
  });
  return { ...tab, can: { add: false, create: privileges.create, delete: false } };
}
