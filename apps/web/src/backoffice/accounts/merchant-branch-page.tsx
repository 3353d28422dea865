import { useState } from 'react';
import { TabPanel, TabView } from 'primereact/tabview';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { COUNTRIES, SECTORS } from '@tillpoint/contracts/enums';
import { contactSchema } from '@tillpoint/contracts/merchant-account';
import { type MerchantBranch, branchAddressSchema, merchantBranchCreateSchema } from '@tillpoint/contracts/merchant-branch';
import { parseHash, replaceHash, useHash } from '../../shared/hash-route';
import { ADMIN_CAN } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { StepTabs } from '../../shared/ui/step-tabs';
import { useCrud } from '../../shared/ui/use-crud';
import { PageLoading } from '../page-loading';
import { PageTitle } from '../page-title';
import { ROUTES } from '../route-hrefs';
import { BranchSettingsTabs } from '../settings/branch-settings-tabs';
import { branches } from './accounts-api';
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

/**
 * #merchantBranchSave?{branchId}?{accountId} (spec 1 §2, §4). Without a branch id it creates one
 * for the account, tab by tab: details, then contact, then address, each tab locked until the one
 * before is saved. With an id (also right after the details are created) the licences,
 * credentials, credits and settings of the branch show below. The three tabs share one copy of
 * the branch: whichever saves, the others follow.
 */
export default function MerchantBranchPage() {
  const [branchParam, accountParam] = parseHash(useHash()).params;
  const id = Number(branchParam) || null;
  const [reached, setReached] = useState(id === null ? DETAILS : ADDRESS);
  const [active, setActive] = useState(DETAILS);
  const next = (step: number) => {
    if (reached >= step) return;
    setReached(step);
    setActive(step);
    (step === CONTACT ? contact : address).edit();
  };

  const details = useCrud<MerchantBranch, typeof merchantBranchCreateSchema>({
    area: branches,
    id,
    newInEdit: true,
    schema: merchantBranchCreateSchema,
    empty: { tradingName: '', businessName: '', vatNo: '', domainName: '', sector: 'RETAIL', subsector: null, status: 'ACTIVE' },
    toForm: detailsOf,
    createPath: P.create(Number(accountParam)),
    onSaved: (r, { created }) => {
      if (created) replaceHash(ROUTES.merchantBranchSave(r.id, r.merchantAccountId));
      next(CONTACT);
    },
  });
  const contact = useCrud<MerchantBranch, typeof contactSchema>({
    area: branches,
    id,
    schema: contactSchema,
    empty: EMPTY_CONTACT,
    toForm: contactOf,
    updatePath: (r) => P.contact(r.id),
    onSaved: () => next(ADDRESS),
  });
  const address = useCrud<MerchantBranch, typeof branchAddressSchema>({
    area: branches,
    id,
    schema: branchAddressSchema,
    empty: { address1: '', address2: '', address3: '', address4: '', state: '', city: '', postCode: '', country: 'United Kingdom' },
    toForm: addressOf,
    updatePath: (r) => P.address(r.id),
  });

  const branch = details.record;
  const accountId = branch?.merchantAccountId ?? (Number(accountParam) || null);
  if (details.failed) return <p className="card">This branch could not be loaded.</p>;
  if (details.loading) return <PageLoading />;
  if (accountId === null) return <p className="card">Open a new branch from its merchant account's Branches panel.</p>;
  const d = details.form;
  return (
    <div className="branch-page">
      <PageTitle title={branch ? branch.tradingName : 'New Branch'} back={ROUTES.merchantAccountSave(accountId)} backLabel="Merchant account" />
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
                  <StatusSwitch crud={details} />
                  <div className="field-grid">
                    <TextField control={d.control} name="tradingName" label="Trading Name" required />
                    <TextField control={d.control} name="businessName" label="Business Name" required />
                    <TextField control={d.control} name="vatNo" label="Vat No" required />
                    <TextField control={d.control} name="domainName" label="Domain Name" required />
                    <SelectField control={d.control} name="sector" label="Sector" options={SECTORS} required />
                    <TextField control={d.control} name="subsector" label="Subsector" />
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
