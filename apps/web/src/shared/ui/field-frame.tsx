import { type ReactNode, useId } from 'react';
import { type Control, Controller, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';

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
export const textInput = <T extends FieldValues>(field: ControllerRenderProps<T, Path<T>>, id: string) => ({
  id,
  name: field.name,
  ref: field.ref,
  value: (field.value as string | null) ?? '',
  onChange: (e: { target: { value: string } }) => field.onChange(e.target.value),
  onBlur: field.onBlur,
});

/** What a multi-select takes from its field, and the look all of them share: chips, no select-all. */
export const multiSelectInput = <T extends FieldValues>(field: ControllerRenderProps<T, Path<T>>, id: string, disabled: boolean | undefined) => ({
  inputId: id,
  name: field.name,
  onBlur: field.onBlur,
  disabled,
  display: 'chip' as const,
  showSelectAll: false,
  placeholder: 'Select',
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
