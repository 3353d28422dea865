import { useRef } from 'react';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type AdminUser, adminUserCreateSchema, adminUserUpdateSchema } from '@tillpoint/contracts/admin-user';
import { statusSchema } from '@tillpoint/contracts/enums';
import { MOBILE_MASK } from '@tillpoint/contracts/merchant-account';
import type { ApiResult } from '../../shared/api';
import { api } from '../../shared/api';
import { ADMIN_CAN } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { MaskField, TextField } from '../../shared/ui/fields';
import { LazyTable, type LazyTableHandle } from '../../shared/ui/lazy-table';
import { StatusSwitch, saveStatus } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import './users.css';

const P = PATHS.adminUser;

/**
 * The form checks what an update needs (a blank password keeps the current one) and holds the
 * status the switch shows; a new administrator is checked against the create schema on Save,
 * where the password is required and must be strong (spec 1 §5).
 */
const formSchema = adminUserUpdateSchema.omit({ id: true }).extend({ status: statusSchema.default('ACTIVE') });

/** A refusal of our own, shaped as the server's, so it reaches the user the one usual way. */
const refused = (details: string): ApiResult<AdminUser> => ({ ok: false, status: 400, body: { type: 'WARNING', details } });

/** #/adminUserList (spec 1 §2): the administrator form beside the server-paged table. */
export default function AdminUserPage() {
  const table = useRef<LazyTableHandle>(null);
  const crud = useCrud<AdminUser, typeof formSchema>({
    base: P.base,
    schema: formSchema,
    empty: { userName: '', firstName: '', lastName: '', email: '', mobilePhone: null, password: '', status: 'ACTIVE' },
    toForm: ({ userName, firstName, lastName, email, mobilePhone, status }) => ({ userName, firstName, lastName, email, mobilePhone, status, password: '' }),
    send: async (values, record) => {
      if (record) return api.put<AdminUser>(P.update, { ...values, id: record.id });
      const checked = adminUserCreateSchema.safeParse(values);
      if (!checked.success) return refused(checked.error.issues[0]?.message ?? '');
      return api.post<AdminUser>(P.create, checked.data);
    },
    onChanged: () => table.current?.refresh(),
    // Delete clears the form (spec 1 §4); Cancel on a new one does the same and stays here.
    onCancelNew: () => {},
  });
  const { control, watch, setValue } = crud.form;
  const record = crud.record;

  return (
    <div className="page-split">
      <CrudPanel title="Admin User" crud={crud} can={ADMIN_CAN}>
        <StatusSwitch
          status={watch('status') ?? 'ACTIVE'}
          editing={crud.editing}
          isNew={record === null}
          onLocalChange={(s) => setValue('status', s)}
          onSave={saveStatus<AdminUser>(
            (s) => P.status(record?.id ?? 0, s),
            (u) => {
              crud.keep(u);
              table.current?.refresh();
            },
          )}
        />
        <TextField control={control} name="userName" label="User Name" required autoComplete="off" />
        <TextField control={control} name="firstName" label="First Name" required autoComplete="given-name" />
        <TextField control={control} name="lastName" label="Last Name" required autoComplete="family-name" />
        <TextField control={control} name="email" label="Email" type="email" required autoComplete="email" />
        <MaskField control={control} name="mobilePhone" label="Mobile Phone" mask={MOBILE_MASK} required autoComplete="tel-national" />
        <TextField control={control} name="password" label="Password" type="password" required={record === null} autoComplete="new-password" />
        {record && crud.editing && <small className="field-hint">Leave the password blank to keep the current one.</small>}
      </CrudPanel>
      <LazyTable<AdminUser>
        ref={table}
        title="Admin Users"
        dataUrl={P.all}
        columns={[
          { field: 'userName', header: 'User Name' },
          { field: 'firstName', header: 'First Name' },
          { field: 'lastName', header: 'Last Name' },
          { field: 'email', header: 'Email' },
          { field: 'mobilePhone', header: 'Mobile Phone' },
          { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
        ]}
        selection={record}
        onSelect={crud.load}
      />
    </div>
  );
}
