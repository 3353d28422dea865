import { useId } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import type { Status } from '@tillpoint/contracts/enums';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { api } from '../api';
import { notify } from '../notify';
import { confirmWarning } from './confirm';

type Props = {
  status: Status;
  /** Only a panel in edit mode may change the status. */
  editing: boolean;
  /** A record not yet saved just flips its local value; a saved one asks the server. */
  isNew: boolean;
  onLocalChange: (status: Status) => void;
  /** Sends PUT {base}{id}/status/{status}; resolves whether the server agreed. */
  onSave: (status: Status) => Promise<boolean>;
  label?: string;
};

/** The ACTIVE/PASSIVE switch of spec 1 §4, with its Warning confirmation. */
export function StatusSwitch({ status, editing, isNew, onLocalChange, onSave, label = 'Status' }: Props) {
  const id = useId();
  const change = async (checked: boolean) => {
    const target: Status = checked ? 'ACTIVE' : 'PASSIVE';
    if (!(await confirmWarning(MESSAGES.confirmStatus))) return;
    if (isNew) onLocalChange(target);
    else if (await onSave(target)) onLocalChange(target);
  };
  return (
    <div className="field field-switch">
      <label htmlFor={id}>{label}</label>
      <div className="switch-row">
        <InputSwitch inputId={id} checked={status === 'ACTIVE'} disabled={!editing} onChange={(e) => void change(Boolean(e.value))} />
        <span className={`status-text status-${status.toLowerCase()}`}>{status}</span>
      </div>
    </div>
  );
}

/**
 * The onSave of a saved record's switch: PUT the status path (e.g. PATHS.merchantAccount.status)
 * and hand the server's copy on, so Cancel afterwards restores the new status.
 */
export function saveStatus<R>(path: (status: Status) => string, onSaved: (record: R) => void) {
  return async (status: Status): Promise<boolean> => {
    const result = await api.put<R>(path(status));
    if (!notify(result) || !result.ok) return false;
    onSaved(result.body);
    return true;
  };
}
