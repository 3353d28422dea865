import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { PickList } from 'primereact/picklist';
import './pick-list.css';

/** One choice of a pick list: `key` identifies it, `value` is what the form holds for it. */
export type PickOption<V> = { key: number; label: string; hint?: string; value: V };

type Props<T extends FieldValues, O, V> = {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** Every choice; those in the form's list show on the right, the rest on the left. */
  options: PickOption<V>[];
  /** The key of a value the form holds (the form keeps values, not options). */
  keyOf: (value: V) => number;
  /** Header of the chosen side, e.g. 'Selected Roles'. */
  targetHeader: string;
  /** Up/down buttons on the chosen side, when the order means something (the first branch is the current one). */
  ordered?: boolean;
  disabled?: boolean;
};

/**
 * A PrimeReact PickList bound to a react-hook-form array (spec 1 §2: the merchant user's roles
 * and branches). It stays in the form's read-only state: with `disabled` nothing moves.
 */
export function PickListField<T extends FieldValues, O, V>({ control, name, label, options, keyOf, targetHeader, ordered = false, disabled = false }: Props<T, O, V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = ((field.value as V[] | null) ?? []).map((v) => options.find((o) => o.key === keyOf(v)) ?? { key: keyOf(v), label: String(keyOf(v)), value: v });
        const chosenKeys = new Set(chosen.map((o) => o.key));
        const available = options.filter((o) => !chosenKeys.has(o.key));
        return (
          <fieldset className={disabled ? 'pick-list-field pick-list-disabled' : 'pick-list-field'} aria-disabled={disabled || undefined}>
            <legend className="field-label">{label}</legend>
            <PickList
              dataKey="key"
              source={available}
              target={chosen}
              onChange={(e) => {
                if (!disabled) field.onChange((e.target as PickOption<V>[]).map((o) => o.value));
              }}
              itemTemplate={(o: PickOption<V>) => (
                <span className="pick-item">
                  {o.label}
                  {o.hint && <small className="muted"> {o.hint}</small>}
                </span>
              )}
              sourceHeader="Available"
              targetHeader={targetHeader}
              showSourceControls={false}
              showTargetControls={ordered}
              sourceStyle={{ height: '10rem' }}
              targetStyle={{ height: '10rem' }}
              breakpoint="900px"
            />
          </fieldset>
        );
      }}
    />
  );
}
