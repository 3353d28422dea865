import type { FieldValues } from 'react-hook-form';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type BaseProps, ControlledField } from './field-frame';
import './picker-fields.css';

/**
 * A colour as '#rrggbb' or empty (null): the browser's colour chooser beside the code, which may
 * also be typed. Used by tag colours and web menu styling.
 */
export function ColorField<T extends FieldValues, O>(p: Pick<BaseProps<T, O>, 'control' | 'name' | 'label' | 'disabled'>) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => {
        const value = (field.value as string | null) ?? '';
        return (
          <div className="p-inputgroup">
            <input
              type="color"
              className="color-swatch"
              aria-label={`${p.label} chooser`}
              value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#ffffff'}
              onChange={(e) => field.onChange(e.target.value)}
              disabled={p.disabled}
            />
            <InputText id={id} value={value} placeholder="#rrggbb" maxLength={7} onChange={(e) => field.onChange(e.target.value || null)} onBlur={field.onBlur} disabled={p.disabled} autoComplete="off" />
            {value && !p.disabled && <Button type="button" icon="pi pi-times" outlined severity="secondary" aria-label={`Clear ${p.label}`} onClick={() => field.onChange(null)} />}
          </div>
        );
      }}
    />
  );
}
