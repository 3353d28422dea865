import { useId } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { FieldFrame } from '../../shared/ui/field-frame';
import { useAccountList, useBranchCombo } from './accounts-api';

type Props = {
  accountId: number | null;
  /** Leave out for an account alone (the merchant-user page's chooser). */
  branchId?: number | null;
  /** A new account clears the branch. */
  onChange: (accountId: number | null, branchId: number | null) => void;
  branchLabel?: string;
  required?: boolean;
  /** Locked while what they chose is being edited, so no input is lost. */
  disabled?: boolean;
};

/**
 * The merchant account, then one of its branches (data upload, mail settings, merchant users).
 * Both lists are read afresh on each visit: accounts and branches made a moment ago belong in them.
 */
export function AccountBranchPicker({ accountId, branchId, onChange, branchLabel = 'Merchant Branch', required, disabled }: Props) {
  const id = useId();
  const withBranch = branchId !== undefined;
  const accounts = useAccountList();
  const branches = useBranchCombo(withBranch ? accountId : null);
  return (
    <>
      <FieldFrame id={`${id}-account`} label="Merchant Account" required={required}>
        <Dropdown
          inputId={`${id}-account`}
          value={accountId}
          options={(accounts.data ?? []).map((a) => ({ label: a.tradingName, value: a.id }))}
          onChange={(e) => onChange((e.value as number | null) ?? null, null)}
          disabled={disabled}
          loading={accounts.isFetching}
          placeholder="Select"
          emptyMessage={MESSAGES.noRecords}
          filter
          className="w-full"
        />
      </FieldFrame>
      {withBranch && (
        <FieldFrame id={`${id}-branch`} label={branchLabel} required={required}>
          <Dropdown
            inputId={`${id}-branch`}
            value={branchId}
            options={(branches.data ?? []).map((b) => ({ label: `${b.tradingName} (${b.domainName})`, value: b.id }))}
            onChange={(e) => onChange(accountId, (e.value as number | null) ?? null)}
            disabled={disabled || accountId === null}
            loading={branches.isFetching}
            placeholder={accountId === null ? 'Choose a merchant account first' : 'Select'}
            emptyMessage={MESSAGES.noRecords}
            filter
            className="w-full"
          />
        </FieldFrame>
      )}
    </>
  );
}
