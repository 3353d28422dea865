import type { FieldValues } from 'react-hook-form';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { type BaseProps, ControlledField, multiSelectInput } from './field-frame';
import './picker-fields.css';

/** A record another one points at by id (a department's tax, a product's department or tags). */
export type RefRecord = { id: number; name: string };

type Props<T extends FieldValues, O, R extends RefRecord> = Omit<BaseProps<T, O>, 'autoComplete'> & {
  /** The records to choose from (a pick list query's data). */
  options: readonly R[] | undefined;
  loading?: boolean;
  /** The record chosen, e.g. a product's department fills its tax and margin (spec 2 §4). */
  onPicked?: (record: R | null) => void;
  /** Shown when the saved id is not among the options (e.g. a department made PASSIVE since). */
  savedName?: string | null;
  /** What an empty choice means, e.g. the department's tax applies; 'Select' by default. */
  placeholder?: string;
};

const withSaved = <R extends RefRecord>(options: readonly R[] | undefined, id: unknown, savedName?: string | null): RefRecord[] => {
  const list: RefRecord[] = [...(options ?? [])];
  if (typeof id === 'number' && savedName && !list.some((o) => o.id === id)) list.push({ id, name: savedName });
  return list;
};

/**
 * One record chosen by name, the form holding its id (null when none). Long lists filter as the
 * user types; an optional choice can be cleared.
 */
export function RefField<T extends FieldValues, O, R extends RefRecord>(p: Props<T, O, R>) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => {
        const options = withSaved(p.options, field.value, p.savedName);
        return (
          <Dropdown
            inputId={id}
            name={field.name}
            value={field.value ?? null}
            options={options}
            optionLabel="name"
            optionValue="id"
            onChange={(e) => {
              const value = (e.value as number | null | undefined) ?? null;
              field.onChange(value);
              p.onPicked?.(p.options?.find((o) => o.id === value) ?? null);
            }}
            onBlur={field.onBlur}
            disabled={p.disabled}
            loading={p.loading}
            filter={options.length > 8}
            showClear={!p.required && field.value !== null && field.value !== undefined}
            placeholder={p.placeholder ?? 'Select'}
            emptyMessage={MESSAGES.noRecords}
            className="w-full"
          />
        );
      }}
    />
  );
}

/**
 * Several records chosen by name, the form holding their ids; at most `maxLabels` names show in
 * the closed input (spec 2 §9: the tag selector shows at most 4 labels), then '{n} items selected'.
 */
export function RefMultiField<T extends FieldValues, O, R extends RefRecord>(p: Omit<Props<T, O, R>, 'onPicked' | 'savedName'> & { maxLabels?: number }) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => (
        <MultiSelect
          {...multiSelectInput(field, id, p.disabled)}
          value={(field.value as number[] | null) ?? []}
          options={[...(p.options ?? [])]}
          optionLabel="name"
          optionValue="id"
          onChange={(e) => field.onChange((e.value as number[] | null) ?? [])}
          maxSelectedLabels={p.maxLabels}
          selectedItemsLabel="{0} items selected"
          filter={(p.options?.length ?? 0) > 8}
          emptyMessage={MESSAGES.noRecords}
          className="w-full ref-multi"
        />
      )}
    />
  );
}
