import { type Control, Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { InputMask } from 'primereact/inputmask';
import { MERCHANT_SETTINGS_PATHS, scheduleSettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import { type BranchScheduleInput, SCHEDULE_FIELDS, type ScheduleField, WEEKDAYS, WEEKDAY_LABELS, type Weekday, scheduleField } from '@tillpoint/contracts/schedule';
import { CrudPanel } from '../../shared/ui/crud-panel';
import type { Draft } from '../../shared/ui/use-zod-form';
import { SettingsLoading } from '../settings/settings-tab';
import { daySummary } from './schedule-summary';
import { useMerchantSettingsTab } from './use-merchant-settings-tab';

type Part = 'OpenHour' | 'CloseHour' | 'DeliveryOpenHour' | 'DeliveryCloseHour';
type Form = Draft<z.input<typeof scheduleSettingsInputSchema>>;
const PARTS: Part[] = ['OpenHour', 'CloseHour', 'DeliveryOpenHour', 'DeliveryCloseHour'];
const PART_LABELS: Record<Part, string> = { OpenHour: 'Open Hour', CloseHour: 'Close Hour', DeliveryOpenHour: 'Delivery Open Hour', DeliveryCloseHour: 'Delivery Close Hour' };
const MASK = '99:99';
const BLANK = '__:__';

/** One 'HH:mm' cell of the grid, labelled for screen readers as the spec names the field (e.g. Monday Open Hour). */
function HourCell({ control, day, part }: { control: Control<Form, unknown, BranchScheduleInput>; day: Weekday; part: Part }) {
  const name = scheduleField(day, part);
  return (
    <td>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <InputMask
            name={field.name}
            mask={MASK}
            slotChar="_"
            autoClear={false}
            placeholder="HH:mm"
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.value && e.value !== BLANK ? e.value : null)}
            onBlur={field.onBlur}
            aria-label={`${WEEKDAY_LABELS[day]} ${PART_LABELS[part]}`}
            inputMode="numeric"
            autoComplete="off"
            className="hour-input"
          />
        )}
      />
    </td>
  );
}

/**
 * Branch Schedules (spec 2 §3 'Opening hours'): a week of store and delivery hours in the branch's
 * own time (Europe/London). A day without hours is closed; a close hour before the open hour runs
 * past midnight (11:00 to 00:30); blank delivery hours deliver during the opening hours.
 */
export function SchedulesTab({ onEditingChange }: { onEditingChange: (editing: boolean) => void }) {
  const { crud, loading, failed, can } = useMerchantSettingsTab({
    schema: scheduleSettingsInputSchema,
    path: MERCHANT_SETTINGS_PATHS.schedules,
    toForm: (s) => Object.fromEntries(SCHEDULE_FIELDS.map((f) => [f, s[f]])) as Form,
    onEditingChange,
  });
  const { control, getValues, setValue } = crud.form;
  const values = useWatch({ control, name: SCHEDULE_FIELDS });
  if (loading) return <SettingsLoading failed={failed} />;
  const of = (day: Weekday) => PARTS.map((p) => values[SCHEDULE_FIELDS.indexOf(scheduleField(day, p))]);

  const copyMonday = () => {
    for (const day of WEEKDAYS.slice(1)) {
      for (const part of PARTS) setValue(scheduleField(day, part), getValues(scheduleField('monday', part)) ?? null, { shouldDirty: true });
    }
  };
  const clearDay = (day: Weekday) => {
    for (const part of PARTS) setValue(scheduleField(day, part) as ScheduleField, null, { shouldDirty: true });
  };

  return (
    <CrudPanel
      title="Branch Schedules"
      crud={crud}
      can={can}
      allowAdd={false}
      bare
      actions={crud.editing && <Button type="button" label="Copy Monday To All Days" icon="pi pi-copy" size="small" outlined severity="secondary" onClick={copyMonday} />}
    >
      <p className="muted settings-hint">
        Hours are 24-hour HH:mm, London time. Leave a day empty to close it. A close hour earlier than the open hour runs past midnight (e.g. 11:00 to 00:30).
        Empty delivery hours mean delivery during the opening hours.
      </p>
      <div className="schedule-scroll">
        <table className="schedule-grid">
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                Day
              </th>
              <th scope="colgroup" colSpan={2}>
                Opening hours
              </th>
              <th scope="colgroup" colSpan={2}>
                Delivery hours
              </th>
              <th scope="col" rowSpan={2}>
                Summary
              </th>
              <th scope="col" rowSpan={2}>
                <span className="sr-only">Clear</span>
              </th>
            </tr>
            <tr>
              <th scope="col">Open</th>
              <th scope="col">Close</th>
              <th scope="col">Open</th>
              <th scope="col">Close</th>
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((day) => {
              const summary = daySummary(of(day));
              return (
                <tr key={day}>
                  <th scope="row">{WEEKDAY_LABELS[day]}</th>
                  {PARTS.map((part) => (
                    <HourCell key={part} control={control} day={day} part={part} />
                  ))}
                  <td className={summary === 'Closed' ? 'schedule-summary closed' : 'schedule-summary'}>{summary}</td>
                  <td>
                    {crud.editing && (
                      <Button
                        type="button"
                        icon="pi pi-times"
                        size="small"
                        text
                        severity="secondary"
                        aria-label={`Clear ${WEEKDAY_LABELS[day]}`}
                        tooltip="Close this day"
                        onClick={() => clearDay(day)}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </CrudPanel>
  );
}
