import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { PATHS } from '@tillpoint/contracts/api-paths';
import {
  RESET_PARTS,
  SYNC_GROUPS,
  SYNC_GROUP_LABELS,
  type StoreDataForm,
  type SyncGroup,
  dataResetRequestSchema,
  dataUploadRequestSchema,
} from '@tillpoint/contracts/data-sync';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { warn } from '../../shared/toast-bus';
import { confirmWarning } from '../../shared/ui/confirm';
import { useBusy } from '../../shared/ui/use-busy';
import { AccountBranchPicker } from '../accounts/account-branch-picker';
import './data-upload.css';

type Flag = SyncGroup | (typeof RESET_PARTS)[number]['key'];
type Mode = 'upload' | 'reset' | null;

const CONFIRM_SYNC = 'Are you sure to sync data?';
const CONFIRM_RESET = 'Are you sure to reset data?';

/**
 * #/dataUpload (spec 1 §2, §4, §5): a branch's data groups sent to its tills on their next sync,
 * or its transactions and definitions reset. Upload and reset are exclusive edit modes; either
 * action asks first and then clears the form.
 */
export default function DataUploadPage() {
  const id = useId();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [branchId, setBranchId] = useState<number | null>(null);
  const [flags, setFlags] = useState<Partial<Record<Flag, boolean>>>({});
  const [mode, setMode] = useState<Mode>(null);
  const [busy, track] = useBusy();

  const clear = () => {
    setAccountId(null);
    setBranchId(null);
    setFlags({});
    setMode(null);
  };
  const cancel = () => {
    setFlags({});
    setMode(null);
  };

  const run = async (which: 'upload' | 'reset') => {
    const body: StoreDataForm = { ...flags, merchantBranchId: branchId as number };
    // The contracts' rules: a branch, and a group to sync or both reset parts ('Please fill the required fields!').
    const checked = (which === 'upload' ? dataUploadRequestSchema : dataResetRequestSchema).safeParse(body);
    if (!checked.success) return warn(checked.error.issues[0]?.message ?? MESSAGES.requiredFields);
    if (!(await confirmWarning(which === 'upload' ? CONFIRM_SYNC : CONFIRM_RESET))) return;
    const r = await track(api.post(which === 'upload' ? PATHS.dataUpload.create : PATHS.dataReset.create, checked.data));
    if (notify(r)) clear();
  };

  const box = (key: Flag, label: string, enabled: boolean) => (
    <div className="field-checkbox" key={key}>
      <Checkbox inputId={`${id}-${key}`} checked={Boolean(flags[key])} disabled={!enabled} onChange={(e) => setFlags((f) => ({ ...f, [key]: Boolean(e.checked) }))} />
      <label htmlFor={`${id}-${key}`}>{label}</label>
    </div>
  );

  const actions = (which: 'upload' | 'reset', label: string, icon: string) =>
    mode === which ? (
      <>
        <Button
          type="button"
          label={label}
          icon={icon}
          size="small"
          severity={which === 'reset' ? 'danger' : undefined}
          loading={busy}
          onClick={() => void run(which)}
        />
        <Button type="button" label="Cancel" icon="pi pi-times" size="small" outlined severity="secondary" onClick={cancel} />
      </>
    ) : (
      <Button type="button" label="Edit" icon="pi pi-pencil" size="small" outlined disabled={mode !== null} onClick={() => setMode(which)} />
    );

  return (
    <div className="data-upload-page">
      <section className="card" aria-labelledby={`${id}-store`}>
        <header className="card-header">
          <h2 id={`${id}-store`}>Store</h2>
        </header>
        <div className="field-grid wide-fields">
          <AccountBranchPicker
            accountId={accountId}
            branchId={branchId}
            onChange={(account, branch) => {
              setAccountId(account);
              setBranchId(branch);
            }}
            required
          />
        </div>
      </section>

      <div className="page-columns">
        <section className="card" aria-labelledby={`${id}-upload`}>
          <header className="card-header">
            <h2 id={`${id}-upload`}>Data Upload</h2>
            <div className="toolbar">{actions('upload', 'Data Sync', 'pi pi-sync')}</div>
          </header>
          <p className="muted data-hint">The ticked groups go to the branch's tills the next time they sync.</p>
          <fieldset className="data-groups" disabled={mode !== 'upload'}>
            <legend className="sr-only">Data Upload groups</legend>
            {SYNC_GROUPS.map((g) => box(g, SYNC_GROUP_LABELS[g], mode === 'upload'))}
          </fieldset>
        </section>

        <section className="card" aria-labelledby={`${id}-reset`}>
          <header className="card-header">
            <h2 id={`${id}-reset`}>Data Reset</h2>
            <div className="toolbar">{actions('reset', 'Data Reset', 'pi pi-trash')}</div>
          </header>
          <p className="muted data-hint">Deletes the branch's transactions and definitions. This cannot be undone.</p>
          <fieldset className="data-groups" disabled={mode !== 'reset'}>
            <legend className="sr-only">Data Reset parts</legend>
            {RESET_PARTS.map((p) => box(p.key, p.label, mode === 'reset'))}
          </fieldset>
        </section>
      </div>
    </div>
  );
}
