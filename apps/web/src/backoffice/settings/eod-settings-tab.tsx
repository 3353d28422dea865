import { useEffect } from 'react';
import { BRANCH_SETTINGS_PATHS, END_OF_DAY_HOURS, eodSettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxField, SelectField, TextField } from '../../shared/ui/fields';
import { SETTINGS_CAN, type TabProps, SettingsLoading } from './settings-tab';
import { useSettingsTab } from './use-settings-tab';

/** EOD Settings (spec 1 §2, §4): where the end-of-day report goes and when the day ends by itself. */
export function EodSettingsTab({ branchId, onEditingChange }: TabProps) {
  const { crud, loading, failed } = useSettingsTab({
    branchId,
    schema: eodSettingsInputSchema,
    path: BRANCH_SETTINGS_PATHS.saveEod(branchId),
    toForm: (s) => ({ email: s.email ?? '', isAutoEndOfDay: s.isAutoEndOfDay, endOfDayHour: s.endOfDayHour }),
    onEditingChange,
  });
  const { control, watch, setValue } = crud.form;
  const auto = watch('isAutoEndOfDay');

  // Turning auto end of day off clears the hour (spec 1 §4); only the user's own change does.
  useEffect(() => {
    if (crud.editing && auto === false) setValue('endOfDayHour', null);
  }, [auto, crud.editing, setValue]);

  if (loading) return <SettingsLoading failed={failed} />;
  return (
    <CrudPanel title="EOD Settings" crud={crud} can={SETTINGS_CAN} allowAdd={false} bare>
      <div className="field-grid">
        <TextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <SelectField control={control} name="endOfDayHour" label="End Of Day Hour" options={END_OF_DAY_HOURS} required={auto === true} disabled={auto !== true} />
      </div>
      <CheckboxField control={control} name="isAutoEndOfDay" label="Auto End Of Day" />
    </CrudPanel>
  );
}
