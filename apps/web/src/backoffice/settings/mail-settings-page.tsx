import { useId, useState } from 'react';
import { SelectButton } from 'primereact/selectbutton';
import { PLATFORM_MAIL_BRANCH_ID } from '@tillpoint/contracts/mail-settings';
import { AccountBranchPicker } from '../accounts/account-branch-picker';
import { useBranchCombo } from '../accounts/accounts-api';
import { MailSettingsForm } from './mail-settings-form';

type Scope = 'platform' | 'branch';

/**
 * #/mailSettings (spec 1 §2): the platform's own mail settings (merchantBranchId -1), or a branch's,
 * picked by merchant account and then branch.
 */
export default function MailSettingsPage() {
  const headingId = useId();
  const [scope, setScope] = useState<Scope>('platform');
  const [account, setAccount] = useState<number | null>(null);
  const [branch, setBranch] = useState<number | null>(null);
  // The choice of settings stays put while they are being edited, so no input is lost.
  const [editing, setEditing] = useState(false);

  const branches = useBranchCombo(scope === 'branch' ? account : null);

  const merchantBranchId = scope === 'platform' ? PLATFORM_MAIL_BRANCH_ID : branch;
  const branchName = branches.data?.find((b) => b.id === branch)?.tradingName;

  return (
    <div className="stack">
      <section className="card" aria-labelledby={headingId}>
        <header className="card-header">
          <h2 id={headingId}>Mail Settings</h2>
        </header>
        <div className="field-grid wide-fields">
          <div className="field">
            <span className="field-label" id={`${headingId}-scope`}>
              Settings of
            </span>
            <SelectButton
              value={scope}
              options={[
                { label: 'Platform', value: 'platform' },
                { label: 'Branch', value: 'branch' },
              ]}
              allowEmpty={false}
              disabled={editing}
              onChange={(e) => setScope(e.value as Scope)}
              aria-labelledby={`${headingId}-scope`}
            />
          </div>
          {scope === 'branch' && (
            <AccountBranchPicker
              accountId={account}
              branchId={branch}
              branchLabel="Branch"
              disabled={editing}
              onChange={(a, b) => {
                setAccount(a);
                setBranch(b);
              }}
            />
          )}
        </div>
      </section>
      {merchantBranchId !== null && (
        <MailSettingsForm
          key={merchantBranchId}
          merchantBranchId={merchantBranchId}
          title={scope === 'platform' ? 'Platform Mail Settings' : `Mail Settings of ${branchName ?? 'the branch'}`}
          onEditingChange={setEditing}
        />
      )}
    </div>
  );
}
