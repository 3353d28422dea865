import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type MerchantAccount, contactSchema, merchantAccountCreateSchema } from '@tillpoint/contracts/merchant-account';
import type { MerchantBranch } from '@tillpoint/contracts/merchant-branch';
import { api } from '../../shared/api';
import { navigate, parseHash, replaceHash, useHash } from '../../shared/hash-route';
import { ADMIN_CAN } from '../../shared/privileges';
import { getOrThrow } from '../../shared/query-client';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { TextField } from '../../shared/ui/fields';
import { LazyTable } from '../../shared/ui/lazy-table';
import { StatusSwitch, saveStatus } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import { PageLoading } from '../page-loading';
import { rememberMerchantAccount } from '../shell/use-menu';
import { ContactFields, EMPTY_CONTACT, contactOf } from './contact-fields';

const CONTACT_CAN = { ...ADMIN_CAN, add: false, delete: false };
const P = PATHS.merchantAccount;

/**
 * #merchantAccountSave?{id} (spec 1 §2, §4). A new account goes step by step: details are
 * created, the contact panel opens in edit mode, and once the contact is saved (or the details
 * updated) the account's branches appear. An existing account shows all three at once.
 */
export default function MerchantAccountPage() {
  const routeId = Number(parseHash(useHash()).params[0]) || null;
  // The address gains the id once a new account is created; that is the same page going on, not another account.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['merchantAccount', routeId],
    queryFn: () => getOrThrow<MerchantAccount>(P.byId(routeId ?? 0)),
    enabled: routeId !== null && routeId !== createdId,
    gcTime: 0,
  });
  if (routeId !== null && routeId !== createdId) {
    if (query.isPending) return <PageLoading />;
    if (!query.data) return <p className="card">This merchant account could not be loaded.</p>;
    return <AccountEditor key={routeId} saved={query.data} onCreated={setCreatedId} />;
  }
  return <AccountEditor key="new" saved={null} onCreated={setCreatedId} />;
}

function AccountEditor({ saved, onCreated }: { saved: MerchantAccount | null; onCreated: (id: number) => void }) {
  const [account, setAccount] = useState<MerchantAccount | null>(saved);
  const [stepsDone, setStepsDone] = useState(saved !== null);
  // The home's merchant-user links open the users of the account opened last (spec 1 §2).
  const accountId = account?.id;
  useEffect(() => {
    if (accountId) rememberMerchantAccount(accountId);
  }, [accountId]);

  const contact = useCrud<MerchantAccount, typeof contactSchema>({
    base: P.base,
    schema: contactSchema,
    empty: EMPTY_CONTACT,
    toForm: contactOf,
    send: (values, record) => api.put<MerchantAccount>(P.contact(record?.id ?? 0), values),
    onChanged: (r) => {
      if (!r) return;
      setAccount(r);
      details.keep(r);
      setStepsDone(true);
    },
  });

  const details = useCrud<MerchantAccount, typeof merchantAccountCreateSchema>({
    base: P.base,
    schema: merchantAccountCreateSchema,
    empty: { tradingName: '', businessName: '', companyNo: '', vatNo: '', status: 'ACTIVE' },
    toForm: ({ tradingName, businessName, companyNo, vatNo, status }) => ({ tradingName, businessName, companyNo: String(companyNo), vatNo, status }),
    send: (values, record) => (record ? api.put<MerchantAccount>(P.update, { ...values, id: record.id }) : api.post<MerchantAccount>(P.create, values)),
    onChanged: (r) => {
      if (!r) return navigate('#/merchantAccountList');
      if (account === null) {
        flushSync(() => onCreated(r.id));
        replaceHash(`#merchantAccountSave?${r.id}`);
        contact.load(r);
        contact.edit();
      } else {
        contact.keep(r);
        setStepsDone(true);
      }
      setAccount(r);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the copy the page was opened on
  useEffect(() => {
    if (saved) {
      details.load(saved);
      contact.load(saved);
    } else details.add();
  }, []);

  const { control, watch, setValue } = details.form;
  return (
    <div className="account-page">
      <header className="page-title">
        <h1>{account ? account.tradingName : 'New Merchant Account'}</h1>
        <a href="#/merchantAccountList">
          <i className="pi pi-arrow-left" aria-hidden="true" /> Merchant accounts
        </a>
      </header>
      <div className="page-columns">
        <CrudPanel title="Account Details" crud={details} can={{ ...ADMIN_CAN, add: false }}>
          <StatusSwitch
            status={watch('status') ?? 'ACTIVE'}
            editing={details.editing}
            isNew={account === null}
            onLocalChange={(s) => setValue('status', s)}
            onSave={saveStatus<MerchantAccount>((s) => P.status(account?.id ?? 0, s), details.keep)}
          />
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
          rows={5}
          columns={[
            { field: 'tradingName', header: 'Trading Name' },
            { field: 'domainName', header: 'Domain Name' },
            { field: 'sector', header: 'Sector' },
            { field: 'city', header: 'City' },
            { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
          ]}
          onSelect={(b) => navigate(`#merchantBranchSave?${b.id}?${account.id}`)}
          actions={<Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={() => navigate(`#merchantBranchSave??${account.id}`)} />}
        />
      )}
    </div>
  );
}
