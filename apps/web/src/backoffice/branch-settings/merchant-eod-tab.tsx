import { MERCHANT_SETTINGS_PATHS, merchantEodInputSchema } from '@tillpoint/contracts/branch-settings';
import { type EodPanelForm, EodSettingsPanel } from '../settings/eod-settings-tab';
import { SettingsLoading } from '../settings/settings-tab';
import { useMerchantSettingsTab } from './use-merchant-settings-tab';

/**
 * EOD Settings (spec 2 §4, §5): the report e-mail is required, 5 to 50 characters ('Not Valid
 * Email'); the hour is required while auto end of day is on ('Please fill the End Of Day Hour') and
 * cleared when it is turned off. The administrator's tab shows the same fields.
 */
export function MerchantEodTab({ onEditingChange }: { onEditingChange: (editing: boolean) => void }) {
  const { crud, loading, failed, can } = useMerchantSettingsTab({
    schema: merchantEodInputSchema,
    path: MERCHANT_SETTINGS_PATHS.eod,
    toForm: (s) => ({ email: s.email ?? '', isAutoEndOfDay: s.isAutoEndOfDay, endOfDayHour: s.endOfDayHour }),
    onEditingChange,
  });
  if (loading) return <SettingsLoading failed={failed} />;
  // The same three fields as the administrator's form; only this schema requires the e-mail, which
  // makes react-hook-form's (invariant) control type differ in that one field's optionality.
  return <EodSettingsPanel crud={crud} form={crud.form as unknown as EodPanelForm} can={can} emailRequired />;
}
