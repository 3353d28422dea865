import { ACTION_REASONS, LICENSE_STATUSES, SERVICE_NAMES } from '@tillpoint/contracts/enums';
import type { Licence, licenceFieldsSchema } from '@tillpoint/contracts/licence';
import type { z } from 'zod';
import { NumberField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import type { Draft, ZodForm } from '../../shared/ui/use-zod-form';

type LicenceForm = Draft<z.input<typeof licenceFieldsSchema>>;

/** The licence dialog's form for a new licence. */
export const EMPTY_LICENCE_FORM: LicenceForm = { serviceName: null, licenseStatus: null, actionReason: null, actionReasonDescription: '', validDays: null };

/** The licence dialog's form for a saved licence. */
export const licenceToForm = (l: Licence): LicenceForm => ({
  serviceName: l.serviceName,
  licenseStatus: l.licenseStatus,
  actionReason: l.actionReason,
  actionReasonDescription: l.actionReasonDescription ?? '',
  validDays: l.validDays,
});

/**
 * The licence dialog's fields (spec 1 §3, §4): choosing any status other than DEMO clears Valid
 * Days, which only a DEMO licence has; the remaining days are the server's count, read-only.
 */
export function LicenceFields({ form, remainingDaysText }: { form: ZodForm<typeof licenceFieldsSchema>; remainingDaysText?: string | null }) {
  const { control } = form;
  const demo = form.watch('licenseStatus') === 'DEMO';
  return (
    <>
      <SelectField control={control} name="serviceName" label="Service" options={SERVICE_NAMES} required />
      <SelectField
        control={control}
        name="licenseStatus"
        label="License Status"
        options={LICENSE_STATUSES}
        required
        onPicked={(status) => {
          if (status !== 'DEMO') form.setValue('validDays', null);
        }}
      />
      <NumberField control={control} name="validDays" label="Valid Days" required={demo} disabled={!demo} />
      {remainingDaysText !== undefined && (
        <div className="field">
          <span className="field-label">Remaining Days</span>
          <output className="read-only-value">{remainingDaysText || '—'}</output>
        </div>
      )}
      <SelectField control={control} name="actionReason" label="Action Reason" options={ACTION_REASONS} required />
      <TextField control={control} name="actionReasonDescription" label="Action Reason Description" />
    </>
  );
}
