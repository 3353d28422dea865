import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { TabPanel, TabView } from 'primereact/tabview';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { COUNTRIES, SECTORS } from '@tillpoint/contracts/enums';
import { contactSchema } from '@tillpoint/contracts/merchant-account';
import { type MerchantBranch, branchAddressSchema, merchantBranchCreateSchema } from '@tillpoint/contracts/merchant-branch';
import { api } from '../../shared/api';
import { parseHash, replaceHash, useHash } from '../../shared/hash-route';
import { ADMIN_CAN } from '../../shared/privileges';
import { getOrThrow } from '../../shared/query-client';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { SelectField, TextField } from '../../shared/ui/fields';
import { StatusSwitch, saveStatus } from '../../shared/ui/status-switch';
import { StepTabs } from '../../shared/ui/step-tabs';
import { useCrud } from '../../shared/ui/use-crud';
import { PageLoading } from '../page-loading';
import { BranchSettingsTabs } from '../settings/branch-settings-tabs';
import { BranchCredentials } from './branch-credentials';
import { BranchCredits } from './branch-credits';
import { BranchLicences } from './branch-licences';
import { ContactFields, EMPTY_CONTACT, contactOf } from './contact-fields';

const P = PATHS.merchantBranch;
// A branch is not deleted from here, and each tab is one record: Edit, Save and Cancel.
const CAN = { ...ADMIN_CAN, add: false, delete: false };
const DETAILS = 0;
const CONTACT = 1;
const ADDRESS = 2;

/**
 * #merchantBranchSave?{branchId}?{accountId} (spec 1 §2, §4). Without a branch id it creates one
 * for the account, tab by tab: details, then contact, then address, each tab locked until the one
 * before is saved. With an id (also right after the details are created) the licences,
 * credentials, credits and settings of the branch show below.
 */
export default function MerchantBranchPage() {
  const [branchParam, accountParam] = parseHash(useHash()).params;
  const routeId = Number(branchParam) || null;
  const [createdId, setCreatedId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['merchantBranch', routeId],
    queryFn: () => getOrThrow<MerchantBranch>(P.byId(routeId ?? 0)),
    enabled: routeId !== null && routeId !== createdId,
    gcTime: 0,
  });
  if (routeId !== null && routeId !== createdId) {
    if (query.isPending) return <PageLoading />;
    if (!query.data) return <p className="card">This branch could not be loaded.</p>;
    return <BranchEditor key={routeId} saved={query.data} accountId={query.data.merchantAccountId} onCreated={setCreatedId} />;
  }
  const accountId = Number(accountParam) || null;
  if (accountId === null) return <p className="card">Open a new branch from its merchant account's Branches panel.</p>;
  return <BranchEditor key="new" saved={null} accountId={accountId} onCreated={setCreatedId} />;
}

const detailsOf = ({ tradingName, businessName, vatNo, domainName, sector, subsector, status }: MerchantBranch) => ({
  tradingName,
  businessName,
  vatNo,
  domainName,
  sector: sector as (typeof SECTORS)[number],
  subsector,
  status,
});
const addressOf = ({ address1, address2, address3, address4, state, city, postCode, country }: MerchantBranch) => ({
  address1: address1 ?? '',
  address2: address2 ?? '',
  address3: address3 ?? '',
  address4: address4 ?? '',
  state: state ?? '',
  city: city ?? '',
  postCode: postCode ?? '',
  country: country as (typeof COUNTRIES)[number],
});

function BranchEditor({ saved, accountId, onCreated }: { saved: MerchantBranch | null; accountId: number; onCreated: (id: number) => void }) {
  const [branch, setBranch] = useState<MerchantBranch | null>(saved);
  const [reached, setReached] = useState(saved ? ADDRESS : DETAILS);
  const [active, setActive] = useState(DETAILS);

  // Each tab saves on its own path; whichever saved last holds the newest copy for the others.
  const saw = (r: MerchantBranch | null) => {
    if (!r) return;
    setBranch(r);
    for (const crud of [details, contact, address]) crud.keep(r);
  };
  const next = (step: number) => {
    if (reached >= step) return;
    setReached(step);
    setActive(step);
    (step === CONTACT ? contact : address).edit();
  };

  const details = useCrud<MerchantBranch, typeof merchantBranchCreateSchema>({
    base: P.base,
    schema: merchantBranchCreateSchema,
    empty: { tradingName: '', businessName: '', vatNo: '', domainName: '', sector: 'RETAIL', subsector: null, status: 'ACTIVE' },
    toForm: detailsOf,
    send: (values, record) => (record ? api.put<MerchantBranch>(P.update, { ...values, id: record.id }) : api.post<MerchantBranch>(P.create(accountId), values)),
    onChanged: (r) => {
      if (r && !branch) {
        flushSync(() => onCreated(r.id));
        replaceHash(`#merchantBranchSave?${r.id}?${accountId}`);
      }
      saw(r);
      next(CONTACT);
    },
  });
  const contact = useCrud<MerchantBranch, typeof contactSchema>({
    base: P.base,
    schema: contactSchema,
    empty: EMPTY_CONTACT,
    toForm: contactOf,
    send: (values, record) => api.put<MerchantBranch>(P.contact(record?.id ?? 0), values),
    onChanged: (r) => {
      saw(r);
      next(ADDRESS);
    },
  });
  const address = useCrud<MerchantBranch, typeof branchAddressSchema>({
    base: P.base,
    schema: branchAddressSchema,
    empty: { address1: '', address2: '', address3: '', address4: '', state: '', city: '', postCode: '', country: 'United Kingdom' },
    toForm: addressOf,
    send: (values, record) => api.put<MerchantBranch>(P.address(record?.id ?? 0), values),
    onChanged: saw,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the copy the page was opened on
  useEffect(() => {
    if (saved) for (const crud of [details, contact, address]) crud.load(saved);
    else details.add();
  }, []);

  const d = details.form;
  return (
    <div className="branch-page">
      <header className="page-title">
        <h1>{branch ? branch.tradingName : 'New Branch'}</h1>
        <a href={`#merchantAccountSave?${accountId}`}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> Merchant account
        </a>
      </header>
      <section className="card" aria-label="Branch">
        <StepTabs
          reached={reached}
          active={active}
          onActiveChange={setActive}
          steps={[
            {
              header: 'Branch Details',
              content: (
                <CrudPanel title="Branch Details" crud={details} can={CAN} bare>
                  <StatusSwitch
                    status={d.watch('status') ?? 'ACTIVE'}
                    editing={details.editing}
                    isNew={branch === null}
                    onLocalChange={(s) => d.setValue('status', s)}
                    onSave={saveStatus<MerchantBranch>((s) => P.status(branch?.id ?? 0, s), saw)}
                  />
                  <div className="field-grid">
                    <TextField control={d.control} name="tradingName" label="Trading Name" required />
                    <TextField control={d.control} name="businessName" label="Business Name" required />
                    <TextField control={d.control} name="vatNo" label="Vat No" required />
                    <TextField control={d.control} name="domainName" label="Domain Name" required />
                    <SelectField control={d.control} name="sector" label="Sector" options={SECTORS} required />
                  </div>
                </CrudPanel>
              ),
            },
            {
              header: 'Branch Contact Details',
              content: (
                <CrudPanel title="Branch Contact Details" crud={contact} can={CAN} bare>
                  <ContactFields control={contact.form.control} />
                </CrudPanel>
              ),
            },
            {
              header: 'Branch Address Details',
              content: (
                <CrudPanel title="Branch Address Details" crud={address} can={CAN} bare>
                  <div className="field-grid">
                    <TextField control={address.form.control} name="address1" label="Address 1" required />
                    <TextField control={address.form.control} name="address2" label="Address 2" />
                    <TextField control={address.form.control} name="address3" label="Address 3" />
                    <TextField control={address.form.control} name="address4" label="Address 4" />
                    <TextField control={address.form.control} name="state" label="State" />
                    <TextField control={address.form.control} name="postCode" label="Post Code" required />
                    <TextField control={address.form.control} name="city" label="City" required />
                    <SelectField control={address.form.control} name="country" label="Country" options={COUNTRIES} required />
                  </div>
                </CrudPanel>
              ),
            },
          ]}
        />
      </section>
      {branch && (
        <>
          <section className="card" aria-label="Licenses, credentials and credits">
            <TabView scrollable>
              <TabPanel header="Licenses">
                <BranchLicences branchId={branch.id} />
              </TabPanel>
              <TabPanel header="Credentials">
                <BranchCredentials branchId={branch.id} />
              </TabPanel>
              <TabPanel header="Credits">
                <BranchCredits branchId={branch.id} />
              </TabPanel>
            </TabView>
          </section>
          <BranchSettingsTabs branchId={branch.id} />
        </>
      )}
    </div>
  );
}
