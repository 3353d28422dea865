import { useEffect } from 'react';
import { Button } from 'primereact/button';
import { MAIL_SETTINGS_PATHS, type MailSettings, mailSettingsCreateSchema, mailSettingsUpdateSchema } from '@tillpoint/contracts/mail-settings';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { NumberField, SecretField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { useBusy } from '../../shared/ui/use-busy';
import { useCrud } from '../../shared/ui/use-crud';
import { mailSettings } from './settings-api';
import { SETTINGS_CAN, SettingsLoading } from './settings-tab';

/** A saved copy: the server's reply with its id known. */
type SavedMailSettings = MailSettings & { id: number };

/** The form checks what an update needs (a blank password keeps the stored one); a first save also needs the password. */
const formSchema = mailSettingsUpdateSchema.omit({ id: true });

type Props = {
  merchantBranchId: number;
  title: string;
  /** Inside the branch page's tabs: no card of its own. */
  bare?: boolean;
  onEditingChange?: (editing: boolean) => void;
};

/**
 * The mail settings form (spec 1 §3, §5): from, to, host, port, user name and password, with Edit,
 * Save, Cancel and 'Send Test Mail'. The password is write-only: the server says only whether one
 * is stored, and a blank password on update keeps it. Used by #/mailSettings and the branch page.
 */
export function MailSettingsForm({ merchantBranchId, title, bare, onEditingChange }: Props) {
  const crud = useCrud<SavedMailSettings, typeof formSchema, MailSettings>({
    area: mailSettings,
    source: mailSettings.source(merchantBranchId),
    fromServer: (s) => (s.id === null ? null : { ...s, id: s.id }),
    schema: formSchema,
    // Every field of spec 1 §5 is required on creation, the password too.
    createSchema: mailSettingsCreateSchema,
    empty: { merchantBranchId, to: '', from: '', host: '', port: null, userName: '', password: '' },
    toForm: (s) => ({ merchantBranchId: s.merchantBranchId, to: s.to ?? '', from: s.from, host: s.host, port: s.port, userName: s.userName, password: '' }),
    // Nothing to go back to: a never-saved form just empties again.
    onCancelNew: () => {},
  });
  const { control } = crud.form;

  useEffect(() => onEditingChange?.(crud.editing), [crud.editing, onEditingChange]);

  const [sending, run] = useBusy();
  const sendTest = async () => {
    if (crud.record) notify(await run(api.post(MAIL_SETTINGS_PATHS.sendEmail(crud.record.id))));
  };

  if (crud.loading || crud.failed) return <SettingsLoading failed={crud.failed} />;
  return (
    <CrudPanel
      title={title}
      crud={crud}
      can={SETTINGS_CAN}
      // Settings not saved yet are added once; after that they are edited.
      allowAdd={crud.record === null}
      bare={bare}
      actions={
        !crud.editing && (
          <Button
            type="button"
            label="Send Test Mail"
            icon="pi pi-send"
            size="small"
            severity="help"
            outlined
            loading={sending}
            disabled={!crud.record}
            title={crud.record ? `Sends a test e-mail to ${crud.record.to ?? 'the To address'}` : 'Save the settings first'}
            onClick={() => void sendTest()}
          />
        )
      }
    >
      <div className="field-grid">
        <TextField control={control} name="from" label="From" required autoComplete="email" />
        <TextField control={control} name="to" label="To" autoComplete="email" />
        <TextField control={control} name="host" label="Host" required />
        <NumberField control={control} name="port" label="Port" required />
        <TextField control={control} name="userName" label="User Name" required />
        <SecretField control={control} name="password" label="Password" required stored={crud.record?.hasPassword ?? false} />
      </div>
    </CrudPanel>
  );
}
