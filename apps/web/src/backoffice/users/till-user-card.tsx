import { useEffect, useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type MerchantUser, USER_MESSAGES } from '@tillpoint/contracts/merchant-user';
import { NO_ID } from '@tillpoint/contracts/till-user';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { warn } from '../../shared/toast-bus';
import { FieldFrame } from '../../shared/ui/field-frame';
import { useBusy } from '../../shared/ui/use-busy';
import { useTillUsers } from './users-api';

const P = PATHS.merchantUser;

type Props = {
  user: MerchantUser;
  canView: boolean;
  /** Edit Till User mode: the selects open and Save/Cancel show. */
  editing: boolean;
  onDone: () => void;
  onSaved: (user: MerchantUser) => void;
};

const linkAt = (user: MerchantUser, branchId: number | null) => user.tillUsers.find((t) => t.merchantBranchId === branchId)?.tillUserId ?? null;

/**
 * The Till Users section (spec 1 §2, §4): the user's current branch (its first one on selection)
 * and the till user it is linked to there. Saving with no till user clears the link (-1).
 */
export function TillUserCard({ user, canView, editing, onDone, onSaved }: Props) {
  const headingId = useId();
  const first = user.branches[0]?.branchId ?? null;
  const [branchId, setBranchId] = useState<number | null>(first);
  const [tillUserId, setTillUserId] = useState<number | null>(linkAt(user, first));
  const [busy, run] = useBusy();

  const tillUsers = useTillUsers(branchId, canView);

  // Tills report their operators at any time: entering Edit Till User shows the latest list.
  const { refetch } = tillUsers;
  useEffect(() => {
    if (editing) void refetch();
  }, [editing, refetch]);

  const pickBranch = (id: number | null) => {
    setBranchId(id);
    setTillUserId(linkAt(user, id));
  };
  const cancel = () => {
    pickBranch(first);
    onDone();
  };
  const save = async () => {
    // A branch is needed, and a till user unless there is a link to clear.
    if (branchId === null || (tillUserId === null && linkAt(user, branchId) === null)) return warn(USER_MESSAGES.selectBranchAndTillUser);
    const r = await run(api.put<MerchantUser>(P.tillUserLink(user.id, branchId, tillUserId ?? NO_ID)));
    if (!notify(r) || !r.ok) return;
    onSaved(r.body);
    onDone();
  };

  const linked = user.tillUsers.find((t) => t.merchantBranchId === branchId);
  return (
    <section className="card" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>Till Users</h2>
        {editing && (
          <div className="toolbar">
            <Button type="button" label="Save" icon="pi pi-check" size="small" loading={busy} onClick={() => void save()} />
            <Button type="button" label="Cancel" icon="pi pi-times" size="small" outlined severity="secondary" onClick={cancel} />
          </div>
        )}
      </header>
      <div className="field-grid">
        <FieldFrame id={`${headingId}-branch`} label="Branch">
          <Dropdown
            inputId={`${headingId}-branch`}
            value={branchId}
            options={user.branches.map((b) => ({ label: b.tradingName, value: b.branchId }))}
            onChange={(e) => pickBranch((e.value as number | null) ?? null)}
            disabled={!editing}
            placeholder="Select"
            className="w-full"
          />
        </FieldFrame>
        <FieldFrame id={`${headingId}-till-user`} label="Till User">
          <Dropdown
            inputId={`${headingId}-till-user`}
            value={tillUserId}
            options={(tillUsers.data ?? []).map((t) => ({ label: t.name, value: t.id }))}
            onChange={(e) => setTillUserId((e.value as number | null) ?? null)}
            disabled={!editing}
            showClear={editing}
            placeholder={tillUsers.data?.length === 0 ? 'No till users at this branch' : 'Select'}
            emptyMessage="No till users at this branch yet: a till reports them when it connects."
            className="w-full"
          />
        </FieldFrame>
      </div>
      <p className="muted users-linked">
        {linked ? (
          <>
            Linked at this branch to till user <strong>{linked.name}</strong>.
          </>
        ) : (
          'Not linked to a till user at this branch.'
        )}
      </p>
    </section>
  );
}
