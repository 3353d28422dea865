import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { PLATFORM_MAIL_BRANCH_ID } from '@tillpoint/contracts/mail-settings';
import type { MerchantAccount } from '@tillpoint/contracts/merchant-account';
import type { BranchComboItem } from '@tillpoint/contracts/merchant-branch';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { getOrThrow } from '../../shared/query-client';
import { MailSettingsForm } from './mail-settings-form';

type Scope = 'platform' | 'branch';

/**
 * #/mailSettings (spec 1 §2): the platform's own mail settings (merchantBranchId -1), or a branch's,
 * picked by merchant account and then branch.
 */
export default function MailSettingsPage() {
  const headingId = useId();
  const accountId = useId();
  const branchId = useId();
  const [scope, setScope] = useState<Scope>('platform');
  const [account, setAccount] = useState<number | null>(null);
  const [branch, setBranch] = useState<number | null>(null);
  // The choice of settings stays put while they are being edited, so no input is lost.
  const [editing, setEditing] = useState(false);

  const accounts = useQuery({
    queryKey: ['merchantAccounts', 'all'],
    queryFn: () => getOrThrow<MerchantAccount[]>(PATHS.merchantAccount.all),
    enabled: scope === 'branch',
  });
  const branches = useQuery({
    queryKey: ['merchantBranches', 'combo', account],
    queryFn: () => getOrThrow<BranchComboItem[]>(PATHS.merchantBranch.combo(account ?? 0)),
    enabled: scope === 'branch' && account !== null,
  });

  const merchantBranchId = scope === 'platform' ? PLATFORM_MAIL_BRANCH_ID : branch;
  const branchName = branches.data?.find((b) => b.id === branch)?.tradingName;

  return (
    <div className="stack">
      <section className="card" aria-labelledby={headingId}>
        <header className="card-header">
          <h2 id={headingId}>Mail Settings</h2>
        </header>
        <div className="field-grid">
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
            <>
              <div className="field">
                <label className="field-label" htmlFor={accountId}>
                  Merchant Account
                </label>
                <Dropdown
                  inputId={accountId}
                  value={account}
                  options={accounts.data ?? []}
                  optionLabel="tradingName"
                  optionValue="id"
                  filter
                  disabled={editing}
                  loading={accounts.isFetching}
                  placeholder="Select a merchant account"
                  emptyMessage={MESSAGES.noRecords}
                  onChange={(e) => {
                    setAccount((e.value as number | null) ?? null);
                    setBranch(null);
                  }}
                  className="w-full"
                />
              </div>
              <div className="field">
                <label className="field-label" htmlFor={branchId}>
                  Branch
                </label>
                <Dropdown
                  inputId={branchId}
                  value={branch}
                  options={branches.data ?? []}
                  optionLabel="tradingName"
                  optionValue="id"
                  disabled={editing || account === null}
                  loading={branches.isFetching}
                  placeholder={account === null ? 'Select a merchant account first' : 'Select a branch'}
                  emptyMessage={MESSAGES.noRecords}
                  onChange={(e) => setBranch((e.value as number | null) ?? null)}
                  className="w-full"
                />
              </div>
            </>
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
