import { type ReactNode, useEffect, useId, useState } from 'react';
import { type Control, Controller, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputMask } from 'primereact/inputmask';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';

/**
 * Labelled inputs bound to a react-hook-form control. Every input has a <label htmlFor>, so
 * people using a screen reader, and browser tests, find it by its label.
 */
export type BaseProps<T extends FieldValues, O> = {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
  required?: boolean;
  /** A message shown under the field (forms that validate inline). */
  error?: string;
  autoComplete?: string;
};

export function FieldFrame({ id, label, required, error, children }: { id: string; label: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <span className="field-label">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label, so the label reads exactly as the spec names the field. */}
        {required && (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {children}
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/**
 * One form field in its labelled frame: `input` draws the input for the control's field under
 * the id its label points at. Every field below (and the catalogue's own) is one of these.
 */
export function ControlledField<T extends FieldValues, O>({
  field: p,
  required = p.required,
  input,
}: {
  field: BaseProps<T, O>;
  /** The star, when it differs from `field.required` (a secret already stored is not required). */
  required?: boolean;
  input: (field: ControllerRenderProps<T, Path<T>>, id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field }) => (
        <FieldFrame id={id} label={p.label} required={required} error={p.error}>
          {input(field, id)}
        </FieldFrame>
      )}
    />
  );
}

/** What a plain text input takes from its field. */
const textInput = <T extends FieldValues>(field: ControllerRenderProps<T, Path<T>>, id: string) => ({
  id,
  name: field.name,
  ref: field.ref,
  value: (field.value as string | null) ?? '',
  onChange: (e: { target: { value: string } }) => field.onChange(e.target.value),
  onBlur: field.onBlur,
});

export function TextField<T extends FieldValues, O>({ type = 'text', ...p }: BaseProps<T, O> & { type?: 'text' | 'password' | 'email' }) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => (
        <InputText
          {...textInput(field, id)}
          type={type}
          disabled={p.disabled}
          autoComplete={p.autoComplete ?? 'off'}
          invalid={Boolean(p.error)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? `${id}-error` : undefined}
        />
      )}
    />
  );
}

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

/**
 * A text input with a fixed pattern, e.g. the mobile phone '(09999) 999999' (spec 1 §5): '9' is a
 * digit, anything else is written for the user. An incomplete entry stays as typed (no auto
 * clear) so the schema can say it is not valid rather than that it is missing.
 */
/** What an untouched mask shows: its slots as '_', its written characters as they are. */
const blankMask = (mask: string) => mask.replace('?', '').replace(/[9a*]/g, '_');

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
          inputId={id}
          name={field.name}
          value={String(field.value ?? '')
            .split(',')
            .filter(Boolean)}
          options={toOptions(p.options)}
          onChange={(e) => field.onChange(((e.value as string[] | null) ?? []).join(','))}
          onBlur={field.onBlur}
          disabled={p.disabled}
          display="chip"
          placeholder="Select"
          showSelectAll={false}
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
