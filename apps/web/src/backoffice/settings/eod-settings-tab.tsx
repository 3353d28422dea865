import { useEffect } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { BRANCH_SETTINGS_PATHS, END_OF_DAY_HOURS, eodSettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import type { Can } from '../../shared/privileges';
import { type CrudControls, CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { SETTINGS_CAN, type TabProps, SettingsLoading } from './settings-tab';
import { useSettingsTab } from './use-settings-tab';

/** The EOD form's fields, the same on the administrator's and the merchant's tab; only their rules differ. */
export type EodForm = { email?: string | null; isAutoEndOfDay: boolean | null; endOfDayHour?: string | null };
/** A tab's form, seen through the three fields every EOD schema has. */
export type EodPanelForm = { control: Control<EodForm>; watch: (name: 'isAutoEndOfDay') => boolean | null | undefined; setValue: UseFormSetValue<EodForm> };

/**
 * The EOD Settings panel (spec 1 §2, §4; spec 2 §2, §4): where the end-of-day report goes and when
 * the day ends by itself. Turning auto end of day off clears the hour; only the user's own change
 * does (a saved record without an hour shows as it is).
 */
export function EodSettingsPanel({ crud, form, can, emailRequired = false }: {
  crud: CrudControls;
  form: EodPanelForm;
  can: Pick<Can, 'add' | 'create' | 'delete'>;
  emailRequired?: boolean;
}) {
  const { control, watch, setValue } = form;
  const auto = watch('isAutoEndOfDay');
  useEffect(() => {
    if (crud.editing && auto === false) setValue('endOfDayHour', null);
  }, [auto, crud.editing, setValue]);
  return (
    <CrudPanel title="EOD Settings" crud={crud} can={can} allowAdd={false} bare>
      <div className="field-grid">
        <TextField control={control} name="email" label="Email" type="email" autoComplete="email" required={emailRequired} />
        <SelectField control={control} name="endOfDayHour" label="End Of Day Hour" options={END_OF_DAY_HOURS} required={auto === true} disabled={auto !== true} />
      </div>
      <CheckboxField control={control} name="isAutoEndOfDay" label="Auto End Of Day" />
    </CrudPanel>
  );
}

/** The administrator's EOD Settings tab of a branch (spec 1 §2). */
export function EodSettingsTab({ branchId, onEditingChange }: TabProps) {
  const { crud, loading, failed } = useSettingsTab({
    branchId,
    schema: eodSettingsInputSchema,
    path: BRANCH_SETTINGS_PATHS.saveEod(branchId),
    toForm: (s) => ({ email: s.email ?? '', isAutoEndOfDay: s.isAutoEndOfDay, endOfDayHour: s.endOfDayHour }),
    onEditingChange,
  });
  if (loading) return <SettingsLoading failed={failed} />;
  return <EodSettingsPanel crud={crud} form={crud.form} can={SETTINGS_CAN} />;
}
