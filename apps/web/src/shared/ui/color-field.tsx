import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { FieldFrame } from './fields';
import './picker-fields.css';

type Props<T extends FieldValues, O> = {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
};

/**
 * A colour as '#rrggbb' or empty (null): the browser's colour chooser beside the code, which may
 * also be typed. Used by tag colours and web menu styling.
 */
export function ColorField<T extends FieldValues, O>({ control, name, label, disabled }: Props<T, O>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = (field.value as string | null) ?? '';
        return (
          <FieldFrame id={id} label={label}>
            <div className="p-inputgroup">
              <input
                type="color"
                className="color-swatch"
                aria-label={`${label} chooser`}
                value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#ffffff'}
                onChange={(e) => field.onChange(e.target.value)}
                disabled={disabled}
              />
              <InputText id={id} value={value} placeholder="#rrggbb" maxLength={7} onChange={(e) => field.onChange(e.target.value || null)} onBlur={field.onBlur} disabled={disabled} autoComplete="off" />
              {value && !disabled && <Button type="button" icon="pi pi-times" outlined severity="secondary" aria-label={`Clear ${label}`} onClick={() => field.onChange(null)} />}
            </div>
          </FieldFrame>
        );
      }}
    />
  );
}
