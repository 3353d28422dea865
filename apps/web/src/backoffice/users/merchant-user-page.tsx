import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { TITLES } from '@tillpoint/contracts/enums';
import { MOBILE_MASK } from '@tillpoint/contracts/merchant-account';
import {
  LANDING_PAGES,
  type MerchantUser,
  type MerchantUserCreated,
  type MerchantUserForm,
  merchantUserFieldsSchema,
} from '@tillpoint/contracts/merchant-user';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { navigate, parseHash, useHash } from '../../shared/hash-route';
import { useStaffCan } from '../../shared/privileges';
import { userType, useUser } from '../../shared/session';
import { notice, showNotice } from '../../shared/toast-bus';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxField, MaskField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { ListTable } from '../../shared/ui/list-table';
import { PickListField, type PickOption } from '../../shared/ui/pick-list';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import type { Draft } from '../../shared/ui/use-zod-form';
import { AccountBranchPicker } from '../accounts/account-branch-picker';
import { useAccountList, useBranchCombo, useMyBranches } from '../accounts/accounts-api';
import { ROUTES } from '../route-hrefs';
import { rememberMerchantAccount } from '../shell/use-menu';
import { ChangePasswordCard } from './change-password-card';
import { TillUserCard } from './till-user-card';
import { merchantUsers, useAccountUsers, useMerchantRoles } from './users-api';
import { USER_COLUMNS } from './user-columns';
import './users.css';

type Form = Draft<MerchantUserForm>;

const EMPTY: Form = {
  userName: '',
  mobilePhone: null,
  firstName: '',
  lastName: '',
  email: '',
  title: 'MR',
  status: 'ACTIVE',
  landingPage: null,
  sendNotification: true,
  branches: [],
  roles: [],
};

const toForm = (u: MerchantUser): Form => ({
  userName: u.userName,
  mobilePhone: u.mobilePhone,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  title: u.title,
  status: u.status,
  landingPage: (u.landingPage as Form['landingPage']) ?? null,
  // The activation mail is for new users only.
  sendNotification: false,
  branches: u.branches,
  roles: u.roles,
});

/**
 * #merchantUserSave?{merchantAccountId} (spec 1 §2, §6): the users of one merchant account. An
 * administrator names the account; merchant staff always manage their own.
 */
export default function MerchantUserPage() {
  const param = Number(parseHash(useHash()).params[0]) || null;
  const own = useUser().merchantAccountId;
  const accountId = userType === 'merchant' ? own : param;
  if (!accountId) return <AccountChooser />;
  return <MerchantUsers key={accountId} accountId={accountId} />;
}

/** Reached without an account (the home tile before any account was opened): pick one first. */
function AccountChooser() {
  return (
    <section className="card notice-page" aria-labelledby="choose-account-title">
      <i className="pi pi-users notice-icon" aria-hidden="true" />
      <h1 id="choose-account-title">Merchant Users</h1>
      <p>Choose the merchant account whose users you want to manage.</p>
      <AccountBranchPicker accountId={null} onChange={(id) => navigate(ROUTES.merchantUserSave(id))} />
    </section>
  );
}

type Mode = 'password' | 'till' | null;

function MerchantUsers({ accountId }: { accountId: number }) {
  const can = useStaffCan(OBJECTS.merchantUser);
  // Edit (the panel's own edit state), Change Password and Edit Till User exclude one another (spec 1 §4).
  const [mode, setMode] = useState<Mode>(null);

  const admin = userType === 'admin';
  // The home's merchant-user tile opens the account an administrator managed last (spec 1 §2).
  useEffect(() => {
    if (admin) rememberMerchantAccount(accountId);
  }, [admin, accountId]);

  const account = useAccountList(admin).data?.find((a) => a.id === accountId);
  const roles = useMerchantRoles();
  // An administrator picks from the account's branches; merchant staff from those they work at.
  const accountBranches = useBranchCombo(admin ? accountId : null);
  const myBranches = useMyBranches(!admin);
  const branches = admin ? accountBranches : myBranches;
  const users = useAccountUsers(accountId, can.view);

  const crud = useCrud<MerchantUser | MerchantUserCreated, typeof merchantUserFieldsSchema>({
    area: merchantUsers,
    schema: merchantUserFieldsSchema,
    empty: EMPTY,
    toForm,
    // The server builds the activation link from this page's address (spec 1 §3: url).
    createWith: { merchantAccountId: accountId, url: window.location.href },
    onSaved: (saved, { created }) => {
      // After the success toast, which replaces the toasts before it.
      if (created && 'activationMailSent' in saved && saved.activationMailSent) showNotice(notice('info', `An activation link has been sent to ${saved.email}.`));
    },
    // A new user's Cancel clears the form; the page stays.
    onCancelNew: () => {},
  });
  const { control } = crud.form;
  const record = crud.record;

  const select = (u: MerchantUser) => {
    setMode(null);
    crud.load(u);
  };

  const roleOptions: PickOption<{ id: number; name: string }>[] = (roles.data ?? []).map((r) => ({
    key: r.id,
    label: r.name,
    hint: r.roleGroup === 'ACCOUNT' ? 'account role' : undefined,
    value: { id: r.id, name: r.name },
  }));
  const branchOptions: PickOption<{ branchId: number; tradingName: string }>[] = (branches.data ?? []).map((b) => ({
    key: b.id,
    label: b.tradingName,
    hint: b.domainName,
    value: { branchId: b.id, tradingName: b.tradingName },
  }));

  // While changing a password or a till user, the details cannot be added or edited.
  const panelCan = mode ? { view: can.view, add: false, create: false, delete: false } : { ...can, delete: false };
  const otherModes = !crud.editing && mode === null && record !== null && can.create;

  return (
    <div className="users-page">
      <header className="page-title">
        <h1>Merchant Users</h1>
        {account && <a href={ROUTES.merchantAccountSave(accountId)}>{account.tradingName}</a>}
      </header>

      {can.view && (
        <div className="card">
          <ListTable<MerchantUser>
            title="Users"
            list={users}
            rows={5}
            columns={USER_COLUMNS}
            selectedId={record?.id}
            onSelect={select}
          />
        </div>
      )}

      <CrudPanel
        title="User Details"
        crud={crud}
        can={panelCan}
        actions={
          otherModes && (
            <>
              <Button type="button" label="Change Password" icon="pi pi-key" size="small" outlined onClick={() => setMode('password')} />
              <Button type="button" label="Edit Till User" icon="pi pi-desktop" size="small" outlined onClick={() => setMode('till')} />
            </>
          )
        }
      >
        {record === null && !crud.editing && <p className="muted users-hint">Select a user in the table, or press Add to create one.</p>}
        <StatusSwitch crud={crud} />
        <div className="field-grid">
          <TextField control={control} name="userName" label="User Name" required />
          <SelectField control={control} name="title" label="Title" options={TITLES} />
          <TextField control={control} name="firstName" label="First Name" required autoComplete="given-name" />
          <TextField control={control} name="lastName" label="Last Name" required autoComplete="family-name" />
          <TextField control={control} name="email" label="Email" type="email" required autoComplete="email" />
          <MaskField control={control} name="mobilePhone" label="Mobile Phone" mask={MOBILE_MASK} required autoComplete="tel-national" />
          <SelectField control={control} name="landingPage" label="Landing Page" options={LANDING_PAGES} />
          {record === null && (
            <div className="users-notify">
              <CheckboxField control={control} name="sendNotification" label="Send Notification" />
              <small className="field-hint">Mails the new user a link to choose a password.</small>
            </div>
          )}
        </div>
        <div className="pick-lists">
          <PickListField control={control} name="roles" label="Roles" options={roleOptions} keyOf={(r) => r.id} targetHeader="Selected Roles" disabled={!crud.editing} />
          <PickListField
            control={control}
            name="branches"
            label="Branches"
            options={branchOptions}
            keyOf={(b) => b.branchId}
            targetHeader="Selected Branches (first is current)"
            ordered
            disabled={!crud.editing}
          />
        </div>
      </CrudPanel>

      {record && (
        <div className="page-columns">
          <TillUserCard key={`${record.id}:${record.updatedDate}`} user={record} canView={can.view} editing={mode === 'till'} onDone={() => setMode(null)} onSaved={crud.keep} />
          {mode === 'password' && <ChangePasswordCard user={record} onDone={() => setMode(null)} onSaved={crud.keep} />}
        </div>
      )}
    </div>
  );
}
