import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { MAIL_SETTINGS_PATHS, type MailSettings, mailSettingsUpdateSchema } from '@tillpoint/contracts/mail-settings';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { getOrThrow } from '../../shared/query-client';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { NumberField, SecretField, TextField } from '../../shared/ui/fields';
import { useCrud } from '../../shared/ui/use-crud';
import { SETTINGS_CAN, SettingsLoading } from './settings-tab';

/** A saved copy: the server's reply with its id known. */
type SavedMailSettings = MailSettings & { id: number };

export const mailSettingsQueryKey = (merchantBranchId: number) => ['mailSettings', merchantBranchId] as const;

/** The settings of one branch, or of the platform with -1; id null when none are saved yet. */
export function useMailSettings(merchantBranchId: number) {
  return useQuery({
    queryKey: mailSettingsQueryKey(merchantBranchId),
    queryFn: () => getOrThrow<MailSettings>(MAIL_SETTINGS_PATHS.byBranch(merchantBranchId)),
  });
}

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
  const query = useMailSettings(merchantBranchId);
  const queryClient = useQueryClient();
  // Every field of spec 1 §5 is required on creation, the password too; afterwards a blank
  // password keeps the stored one. The schema reads this at each save.
  const creating = useRef(true);
  const schema = useRef(
    mailSettingsUpdateSchema.omit({ id: true }).superRefine((v, ctx) => {
      if (creating.current && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.requiredFields });
    }),
  ).current;
  const empty = { merchantBranchId, to: '', from: '', host: '', port: null, userName: '', password: '' };
  const crud = useCrud<SavedMailSettings, typeof schema>({
    base: MAIL_SETTINGS_PATHS.base,
    schema,
    empty,
    toForm: (s) => ({ merchantBranchId: s.merchantBranchId, to: s.to ?? '', from: s.from, host: s.host, port: s.port, userName: s.userName, password: '' }),
    onChanged: (saved) => {
      if (saved) queryClient.setQueryData(mailSettingsQueryKey(merchantBranchId), saved);
    },
    // Nothing to go back to: a never-saved form just empties again.
    onCancelNew: () => {},
  });
  creating.current = crud.record === null;
  const { control } = crud.form;
  const { load } = crud;
  const saved = query.data;
  // Until the server's copy is in the form, the form shows that it is loading, not blanks.
  const [ready, setReady] = useState(false);

  // Show the server's copy when it arrives (load is a new function on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new copy from the server reloads the form
  useEffect(() => {
    if (!saved) return;
    load(saved.id === null ? null : { ...saved, id: saved.id });
    setReady(true);
  }, [saved]);

  useEffect(() => onEditingChange?.(crud.editing), [crud.editing, onEditingChange]);

  const [sending, setSending] = useState(false);
  const sendTest = async () => {
    if (!crud.record) return;
    setSending(true);
    notify(await api.post(MAIL_SETTINGS_PATHS.sendEmail(crud.record.id)));
    setSending(false);
  };

  if (!ready) return <SettingsLoading failed={query.isError} />;
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
