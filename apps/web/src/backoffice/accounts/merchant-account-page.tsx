import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type MerchantAccount, contactSchema, merchantAccountCreateSchema } from '@tillpoint/contracts/merchant-account';
import type { MerchantBranch } from '@tillpoint/contracts/merchant-branch';
import { navigate, parseHash, replaceHash, useHash } from '../../shared/hash-route';
import { ADMIN_CAN } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { TextField } from '../../shared/ui/field-frame';
import { LazyTable } from '../../shared/ui/lazy-table';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import { PageLoading } from '../page-loading';
import { PageTitle } from '../page-title';
import { ROUTES } from '../route-hrefs';
import { rememberMerchantAccount } from '../shell/use-menu';
import { accounts } from './accounts-api';
import { ContactFields, EMPTY_CONTACT, contactOf } from './contact-fields';

const CONTACT_CAN = { ...ADMIN_CAN, add: false, delete: false };

/**
 * #merchantAccountSave?{id} (spec 1 §2, §4). A new account goes step by step: details are
 * created, the contact panel opens in edit mode, and once the contact is saved (or the details
 * updated) the account's branches appear. An existing account shows all three at once.
 */
export default function MerchantAccountPage() {
  const id = Number(parseHash(useHash()).params[0]) || null;
  const [stepsDone, setStepsDone] = useState(id !== null);

  const contact = useCrud<MerchantAccount, typeof contactSchema>({
    area: accounts,
    id,
    schema: contactSchema,
    empty: EMPTY_CONTACT,
    toForm: contactOf,
    updatePath: (r) => PATHS.merchantAccount.contact(r.id),
    onSaved: () => setStepsDone(true),
  });
  const details = useCrud<MerchantAccount, typeof merchantAccountCreateSchema>({
    area: accounts,
    id,
    newInEdit: true,
    schema: merchantAccountCreateSchema,
    empty: { tradingName: '', businessName: '', companyNo: '', vatNo: '', status: 'ACTIVE' },
    toForm: ({ tradingName, businessName, companyNo, vatNo, status }) => ({ tradingName, businessName, companyNo: String(companyNo), vatNo, status }),
    onSaved: (r, { created }) => {
      if (!created) return setStepsDone(true);
      // The same page goes on with the new account: the address gains its id, the contact opens for editing.
      replaceHash(ROUTES.merchantAccountSave(r.id));
      contact.edit();
    },
    onDeleted: () => navigate(ROUTES.merchantAccountList),
  });

  // The home's merchant-user links open the users of the account opened last (spec 1 §2).
  const account = details.record;
  useEffect(() => {
    if (account) rememberMerchantAccount(account.id);
  }, [account]);

  if (details.failed) return <p className="card">This merchant account could not be loaded.</p>;
  if (details.loading) return <PageLoading />;
  const { control } = details.form;
  return (
    <div className="account-page">
      <PageTitle title={account ? account.tradingName : 'New Merchant Account'} back={ROUTES.merchantAccountList} backLabel="Merchant accounts" />
      <div className="page-columns">
        <CrudPanel title="Account Details" crud={details} can={{ ...ADMIN_CAN, add: false }}>
          <StatusSwitch crud={details} />
          <div className="field-grid">
            <TextField control={control} name="tradingName" label="Trading Name" required />
            <TextField control={control} name="businessName" label="Business Name" required />
            <TextField control={control} name="companyNo" label="Company No" required />
            <TextField control={control} name="vatNo" label="Vat No" required />
          </div>
        </CrudPanel>
        {account && (
          <CrudPanel title="Account Contact Details" crud={contact} can={CONTACT_CAN}>
            <ContactFields control={contact.form.control} />
          </CrudPanel>
        )}
      </div>
      {account && stepsDone && (
        <LazyTable<MerchantBranch>
          title="Branches"
          dataUrl={PATHS.merchantBranch.branches(account.id)}
          columns={[
            { field: 'tradingName', header: 'Trading Name' },
            { field: 'domainName', header: 'Domain Name' },
            { field: 'sector', header: 'Sector' },
            { field: 'city', header: 'City' },
            { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
          ]}
          onSelect={(b) => navigate(ROUTES.merchantBranchSave(b.id, account.id))}
          actions={<Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={() => navigate(ROUTES.merchantBranchSave(null, account.id))} />}
        />
      )}
    </div>
  );
}
