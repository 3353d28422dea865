import { useEffect, useId, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputMask } from 'primereact/inputmask';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { type BaseProps, ControlledField, multiSelectInput, textInput } from './field-frame';

/*
 * The labelled frame and the text field live in field-frame.tsx, so a page with text fields only
 * (the sign-in page) loads no dropdown, mask or multi-select; import them from there.
 */

const toNumber = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
};

/**
 * A decimal input that keeps what the user typed ('12.' on the way to '12.5') while the form
 * holds the number; empty is null, rubbish is NaN, and the schema words both.
 */
function NumberInput({ id, value, onChange, onBlur, disabled, suffix }: { id: string; value: number | null; onChange: (n: number | null) => void; onBlur: () => void; disabled?: boolean; suffix?: string }) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  useEffect(() => {
    // Follow the form when it is reset (a row selected, Cancel), not while the user types.
    setText((current) => (Object.is(toNumber(current), value ?? null) ? current : value === null || value === undefined || Number.isNaN(value) ? '' : String(value)));
  }, [value]);
  const input = (
    <InputText
      id={id}
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(toNumber(e.target.value));
      }}
      onBlur={onBlur}
      disabled={disabled}
      autoComplete="off"
    />
  );
  if (!suffix) return input;
  return (
    <div className="p-inputgroup">
      {input}
      <span className="p-inputgroup-addon" aria-hidden="true">
        {suffix}
      </span>
    </div>
  );
}

export function NumberField<T extends FieldValues, O>(p: BaseProps<T, O> & { suffix?: string }) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => (
        <NumberInput id={id} value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} disabled={p.disabled} suffix={p.suffix} />
      )}
    />
  );
}

/** What an untouched mask shows: its slots as '_', its written characters as they are. */
const blankMask = (mask: string) => mask.replace('?', '').replace(/[9a*]/g, '_');

/**
 * A text input with a fixed pattern, e.g. the mobile phone '(09999) 999999' (spec 1 §5): '9' is a
 * digit, anything else is written for the user. An incomplete entry stays as typed (no auto
 * clear) so the schema can say it is not valid rather than that it is missing.
 */
export function MaskField<T extends FieldValues, O>(p: BaseProps<T, O> & { mask: string }) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => (
        <InputMask
          id={id}
          name={field.name}
          mask={p.mask}
          autoClear={false}
          value={(field.value as string | null) ?? ''}
          // An untouched mask reads as empty, not as its placeholder.
          onChange={(e) => field.onChange(e.value && e.value !== blankMask(p.mask) ? e.value : null)}
          onBlur={field.onBlur}
          disabled={p.disabled}
          autoComplete={p.autoComplete ?? 'off'}
          inputMode="numeric"
        />
      )}
    />
  );
}

export type Option = { label: string; value: string };
const toOptions = (options: readonly (string | Option)[]): Option[] => options.map((o) => (typeof o === 'string' ? { label: o, value: o } : o));

/** A single choice from a fixed list (the enumerations of spec 1 §9). */
export function SelectField<T extends FieldValues, O>(p: BaseProps<T, O> & { options: readonly (string | Option)[]; onPicked?: (value: string | null) => void }) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => (
        <Dropdown
          inputId={id}
          name={field.name}
          value={field.value ?? null}
          options={toOptions(p.options)}
          onChange={(e) => {
            field.onChange(e.value ?? null);
            p.onPicked?.(e.value ?? null);
          }}
          onBlur={field.onBlur}
          disabled={p.disabled}
          placeholder="Select"
          className="w-full"
        />
      )}
    />
  );
}

/** A yes/no flag with its label beside the box. */
export function CheckboxField<T extends FieldValues, O>(p: Omit<BaseProps<T, O>, 'required' | 'error' | 'autoComplete'>) {
  const id = useId();
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field }) => (
        <div className="field field-checkbox">
          <Checkbox inputId={id} name={field.name} checked={Boolean(field.value)} onChange={(e) => field.onChange(Boolean(e.checked))} onBlur={field.onBlur} disabled={p.disabled} />
          <label htmlFor={id}>{p.label}</label>
        </div>
      )}
    />
  );
}

/** A row of yes/no flags side by side, each with its label (name: label, in the order shown). */
export function CheckboxRow<T extends FieldValues, O>({ control, flags, disabled }: { control: Control<T, unknown, O>; flags: Partial<Record<Path<T>, string>>; disabled?: boolean }) {
  return (
    <div className="field-row">
      {(Object.entries(flags) as [Path<T>, string][]).map(([name, label]) => (
        <CheckboxField key={name} control={control} name={name} label={label} disabled={disabled} />
      ))}
    </div>
  );
}

/**
 * Several choices from a fixed list. The form holds them comma-joined, as they travel (spec 1 §3:
 * branch settings' multi-selects), and the input shows them as a list of codes.
 */
export function MultiSelectField<T extends FieldValues, O>(p: BaseProps<T, O> & { options: readonly (string | Option)[] }) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => (
        <MultiSelect
          {...multiSelectInput(field, id, p.disabled)}
          value={String(field.value ?? '')
            .split(',')
            .filter(Boolean)}
          options={toOptions(p.options)}
          onChange={(e) => field.onChange(((e.value as string[] | null) ?? []).join(','))}
          className="w-full"
        />
      )}
    />
  );
}

/**
 * A write-only secret (a password, a provider key): the server never sends it back, only whether
 * one is stored, so the input starts blank and a blank value on save keeps the stored one.
 */
export function SecretField<T extends FieldValues, O>(p: BaseProps<T, O> & { stored: boolean; maxLength?: number }) {
  return (
    <ControlledField
      field={p}
      required={p.required && !p.stored}
      input={(field, id) => (
        <>
          <InputText
            {...textInput(field, id)}
            type="password"
            disabled={p.disabled}
            maxLength={p.maxLength}
            autoComplete="new-password"
            placeholder={p.stored ? '••••••••' : undefined}
            aria-describedby={`${id}-stored`}
          />
          <small id={`${id}-stored`} className={p.stored ? 'field-hint secret-stored' : 'field-hint'}>
            <i className={p.stored ? 'pi pi-lock' : 'pi pi-lock-open'} aria-hidden="true" />{' '}
            {p.stored ? 'A value is stored. Leave blank to keep it.' : 'No value stored.'}
          </small>
        </>
      )}
    />
  );
}
