import { PATHS } from '@tillpoint/contracts/api-paths';
import { type AdminUser, adminUserCreateSchema, adminUserUpdateSchema } from '@tillpoint/contracts/admin-user';
import { statusSchema } from '@tillpoint/contracts/enums';
import { MOBILE_MASK } from '@tillpoint/contracts/merchant-account';
import { ADMIN_CAN } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { MaskField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { LazyTable } from '../../shared/ui/lazy-table';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import { adminUsers } from './users-api';
import { USER_COLUMNS } from './user-columns';
import './users.css';

/**
 * The form checks what an update needs (a blank password keeps the current one) and holds the
 * status the switch shows; a new administrator is checked against the create schema on Save,
 * where the password is required and must be strong (spec 1 §5).
 */
const formSchema = adminUserUpdateSchema.omit({ id: true }).extend({ status: statusSchema.default('ACTIVE') });

/** #/adminUserList (spec 1 §2): the administrator form beside the server-paged table. */
export default function AdminUserPage() {
  const crud = useCrud<AdminUser, typeof formSchema>({
    area: adminUsers,
    schema: formSchema,
    createSchema: adminUserCreateSchema,
    empty: { userName: '', firstName: '', lastName: '', email: '', mobilePhone: null, password: '', status: 'ACTIVE' },
    toForm: ({ userName, firstName, lastName, email, mobilePhone, status }) => ({ userName, firstName, lastName, email, mobilePhone, status, password: '' }),
    // Delete clears the form (spec 1 §4); Cancel on a new one does the same and stays here.
    onCancelNew: () => {},
  });
  const { control } = crud.form;
  const record = crud.record;

  return (
    <div className="page-split">
      <CrudPanel title="Admin User" crud={crud} can={ADMIN_CAN}>
        <StatusSwitch crud={crud} />
        <TextField control={control} name="userName" label="User Name" required autoComplete="off" />
        <TextField control={control} name="firstName" label="First Name" required autoComplete="given-name" />
        <TextField control={control} name="lastName" label="Last Name" required autoComplete="family-name" />
        <TextField control={control} name="email" label="Email" type="email" required autoComplete="email" />
        <MaskField control={control} name="mobilePhone" label="Mobile Phone" mask={MOBILE_MASK} required autoComplete="tel-national" />
        <TextField control={control} name="password" label="Password" type="password" required={record === null} autoComplete="new-password" />
        {record && crud.editing && <small className="field-hint">Leave the password blank to keep the current one.</small>}
      </CrudPanel>
      <LazyTable<AdminUser>
        title="Admin Users"
        dataUrl={PATHS.adminUser.all}
        columns={USER_COLUMNS}
        selection={record}
        onSelect={crud.load}
      />
    </div>
  );
}
