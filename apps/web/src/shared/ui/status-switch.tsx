import { useId } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import type { Status } from '@tillpoint/contracts/enums';

type Props = {
  /** useCrud's `status`: the value, whether the panel edits, and the change (which asks first). */
  crud: { status: { value: Status; editing: boolean; change: (status: Status) => Promise<void> } };
  label?: string;
};

/** The ACTIVE/PASSIVE switch of spec 1 §4; only a panel in edit mode may change it. */
export function StatusSwitch({ crud: { status }, label = 'Status' }: Props) {
  const id = useId();
  return (
    <div className="field field-switch">
      <label htmlFor={id}>{label}</label>
      <div className="switch-row">
        <InputSwitch
          inputId={id}
          checked={status.value === 'ACTIVE'}
          disabled={!status.editing}
          onChange={(e) => void status.change(e.value ? 'ACTIVE' : 'PASSIVE')}
        />
        <span className={`status-text status-${status.value.toLowerCase()}`}>{status.value}</span>
      </div>
    </div>
  );
}
