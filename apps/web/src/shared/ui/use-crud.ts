import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { type ApiResult, api } from '../api';
import { goBack } from '../hash-route';
import { notify } from '../notify';
import { confirmWarning } from './confirm';
import { type Draft, useZodForm } from './use-zod-form';

export type CrudOptions<R extends { id: number }, S extends z.ZodType<FieldValues, FieldValues>> = {
  /** A generic resource base, e.g. PATHS.tax: create, update and {id} are appended. */
  base: string;
  /** The contracts' input schema; its messages are the warnings the user sees. */
  schema: S;
  /** The form of a new record. */
  empty: Draft<z.input<S>>;
  /** Form values of a saved record. */
  toForm: (record: R) => Draft<z.input<S>>;
  /** After a save or delete, e.g. to refresh the table beside the form. */
  onChanged?: (record: R | null) => void;
  /** Cancel on a new, never-saved record; by default one page back (spec 2 §1). */
  onCancelNew?: () => void;
  /**
   * For resources whose create or update is not the generic `create`/`update` call (a branch is
   * created under its account, a contact is saved on its own path): sends the values, replies
   * with the saved record.
   */
  send?: (values: z.output<S>, record: R | null) => Promise<ApiResult<R>>;
};

/**
 * The edit/save/cancel cycle every detail form shares: read-only until Edit; Save sends create
 * or update and shows the saved record; a refused save stays in edit mode with the input as
 * typed; Cancel restores the last saved copy; Delete asks first.
 */
export function useCrud<R extends { id: number }, S extends z.ZodType<FieldValues, FieldValues>>(options: CrudOptions<R, S>) {
  const { base, schema, empty, toForm, onChanged, onCancelNew = goBack, send } = options;
  const form = useZodForm(schema, empty);
  const [record, setRecord] = useState<R | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);

  const show = (r: R | null) => {
    setRecord(r);
    form.reset(r ? toForm(r) : empty);
  };

  const save = () =>
    form.submit(async (values) => {
      setBusy(true);
      const result = send
        ? await send(values, record)
        : record
          ? await api.put<R>(`${base}update`, { ...values, id: record.id })
          : await api.post<R>(`${base}create`, values);
      setBusy(false);
      if (!notify(result) || !result.ok) return;
      show(result.body);
      setEditing(false);
      onChanged?.(result.body);
    });

  const remove = async () => {
    if (!record || !(await confirmWarning(MESSAGES.confirmDelete))) return;
    setBusy(true);
    const result = await api.del<R>(`${base}${record.id}`);
    setBusy(false);
    if (!notify(result)) return;
    show(null);
    setEditing(false);
    onChanged?.(null);
  };

  return {
    form,
    record,
    editing,
    busy,
    load: (r: R | null) => {
      show(r);
      setEditing(false);
    },
    add: () => {
      show(null);
      setEditing(true);
    },
    edit: () => setEditing(true),
    /**
     * A copy the server saved by another call (a status switch, a sibling panel): it becomes the
     * copy Cancel restores, and fields the user is not editing follow it.
     */
    keep: (r: R) => {
      setRecord(r);
      if (!editing) form.reset(toForm(r));
    },
    cancel: () => {
      setEditing(false);
      if (record) form.reset(toForm(record));
      else {
        form.reset(empty);
        onCancelNew();
      }
    },
    save,
    remove,
  };
}
