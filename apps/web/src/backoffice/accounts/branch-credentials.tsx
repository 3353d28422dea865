import { useState } from 'react';
import { Button } from 'primereact/button';
import { STATUSES } from '@tillpoint/contracts/enums';
import { type Credential, type CredentialCreated, credentialFieldsSchema } from '@tillpoint/contracts/credential';
import { ADMIN_CAN } from '../../shared/privileges';
import { CrudDialog, useCrudDialog } from '../../shared/ui/crud-dialog';
import { CheckboxRow, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { ListTable } from '../../shared/ui/list-table';
import { credentials, useBranchCredentials } from './credentials-api';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/**
 * The branch page's Credentials tab (spec 1 §2, §3). The server makes the client id and secret;
 * the secret comes back only in the create reply, so the dialog shows it then and never again.
 */
export function BranchCredentials({ branchId }: { branchId: number }) {
  const list = useBranchCredentials(branchId);
  const dialog = useCrudDialog<Credential | CredentialCreated, typeof credentialFieldsSchema>({
    area: credentials,
    schema: credentialFieldsSchema,
    empty: { description: '', masterDevice: false, orderDevice: false, locked: false, status: 'ACTIVE' },
    toForm: ({ description, masterDevice, orderDevice, locked, status }) => ({ description: description ?? '', masterDevice, orderDevice, locked, status }),
    createWith: { merchantBranchId: branchId },
  });
  const { record } = dialog.crud;
  const { control } = dialog.crud.form;
  return (
    <>
      <ListTable<Credential>
        title="Credentials"
        list={list}
        rows={3}
        columns={[
          { field: 'clientId', header: 'Client Id' },
          { field: 'description', header: 'Description' },
          { field: 'masterDevice', header: 'Master Device', body: (c) => yesNo(c.masterDevice) },
          { field: 'orderDevice', header: 'Order Device', body: (c) => yesNo(c.orderDevice) },
          { field: 'locked', header: 'Locked', body: (c) => yesNo(c.locked) },
          { field: 'status', header: 'Status' },
        ]}
        onSelect={dialog.open}
        onAdd={dialog.openNew}
      />
      <CrudDialog
        title="Credential"
        crud={dialog.crud}
        can={ADMIN_CAN}
        visible={dialog.visible}
        onClose={dialog.close}
        intro={
          record ? (
            <div className="dialog-intro">
              <ReadOnly label="Client Id" value={record.clientId} />
              {'clientSecret' in record ? (
                <NewSecret secret={record.clientSecret} />
              ) : (
                <ReadOnly label="Client Secret" value="••••••••••••" note="The client secret is shown only once, when the credential is created." />
              )}
            </div>
          ) : (
            <p className="dialog-intro muted">The client id and client secret are made by the server when you save.</p>
          )
        }
      >
        <TextField control={control} name="description" label="Description" />
        <CheckboxRow control={control} flags={{ masterDevice: 'Master Device', orderDevice: 'Order Device', locked: 'Locked' }} />
        <SelectField control={control} name="status" label="Status" options={STATUSES} required />
      </CrudDialog>
    </>
  );
}

function ReadOnly({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <output className="read-only-value" aria-label={label}>
        {value}
      </output>
      {note && <small className="muted">{note}</small>}
    </div>
  );
}

function NewSecret({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="field secret-once">
      <span className="field-label">Client Secret</span>
      <div className="secret-row">
        <output className="read-only-value secret-value" aria-label="Client Secret">
          {secret}
        </output>
        <Button
          type="button"
          icon={copied ? 'pi pi-check' : 'pi pi-copy'}
          label={copied ? 'Copied' : 'Copy'}
          size="small"
          outlined
          onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))}
        />
      </div>
      <small className="secret-note">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Copy the client secret now and keep it safe: it will not be shown again.
      </small>
    </div>
  );
}
