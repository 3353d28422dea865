import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FieldValues, type Path, type PathValue, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Status } from '@tillpoint/contracts/enums';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { type ApiResult, api } from '../api';
import { goBack } from '../hash-route';
import { notify } from '../notify';
import { getOrThrow } from '../query-client';
import { type Area, refreshArea } from '../query-keys';
import { warn } from '../toast-bus';
import { confirmWarning } from './confirm';
import { uploadImageChanges, useImageChanges } from './image-field';
import { useBusy } from './use-busy';
import { type Draft, useZodForm } from './use-zod-form';

type Schema = z.ZodType<FieldValues, FieldValues>;
type Form<S extends Schema> = Draft<z.input<S>>;

/** How a save went on: Save shows the saved record; SaveAndNext a blank form; SaveAndCopy a copy to edit. */
export type SaveThen = 'save' | 'next' | 'copy';

export type CrudOptions<R extends { id: number }, S extends Schema, W = R> = {
  /** The area's base path and query keys, e.g. `taxes` of catalogue/tax-api.ts. */
  area: Area;
  /** The contracts' input schema; its messages are the warnings the user sees. */
  schema: S;
  /** The form of a new record. */
  empty: Form<S>;
  /** Form values of a saved record. */
  toForm: (record: R) => Form<S>;
  /** The saved record the form opens on: GET {base}{id}, cached under the area's detail key. null: a new record. */
  id?: number | null;
  /** A record read by another call (e.g. a branch's settings): its query key and GET path. */
  source?: { key: QueryKey; path: string };
  /** The server's copy as the form holds it; null when there is nothing saved yet. */
  fromServer?: (body: W) => R | null;
  /** A new record opens in edit mode (a page for one record) instead of waiting for Add (a form beside its table). */
  newInEdit?: boolean;
  /** `${base}create` by default. */
  createPath?: string;
  /** `${base}update` by default (the body carries the id); a function for a record's own path, e.g. its contact. */
  updatePath?: string | ((record: R) => string);
  /** Added to a create's body, e.g. the branch a credential belongs to. */
  createWith?: Record<string, unknown>;
  /** Checked on Save of a new record instead of `schema` (e.g. a password required only then). */
  createSchema?: z.ZodType;
  /**
   * The record's image paths (products, web menus): the image changes wait in `crud.images` and go
   * once the record is saved, so a refused save uploads nothing.
   */
  images?: { upload: (id: number, type: string) => string; remove: (id: number, type: string) => string };
  /** For a save that is not one JSON call (e.g. files): sends the values, replies with the saved record. */
  send?: (values: z.output<S>, record: R | null) => Promise<ApiResult<W>>;
  /** Fields SaveAndCopy empties in the copy (the id always goes), e.g. a barcode. */
  copyClears?: Path<Form<S>>[];
  /** After a successful save, e.g. Save goes to the list while SaveAndNext stays. */
  onSaved?: (record: R, how: { created: boolean; then: SaveThen }) => void;
  /** After a delete, e.g. back to the list. */
  onDeleted?: () => void;
  /** The question Delete asks; 'Are you sure to delete?' by default (a product asks its own, spec 2 §8). */
  deleteConfirm?: string;
  /** Cancel on a new, never-saved record; by default one page back (spec 2 §1). */
  onCancelNew?: () => void;
};

const sameKey = (a: QueryKey | null, b: QueryKey | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The record form every back-office screen shares: the record comes from the server (a query,
 * followed as it changes), the form is read-only until Edit; Save sends create or update and shows
 * the saved record; a refused save stays in edit mode with the input as typed; Cancel restores the
 * last saved copy; Delete asks first; the status switch asks, then flips a new record locally or
 * sends PUT {base}{id}/status/{status}. Every change refreshes the area's lists and tables.
 */
export function useCrud<R extends { id: number }, S extends Schema, W = R>(options: CrudOptions<R, S, W>) {
  const { area, schema, empty, toForm, id = null, source, fromServer, newInEdit = false, onSaved, onDeleted, onCancelNew = goBack } = options;
  const form = useZodForm(schema, empty);
  const queryClient = useQueryClient();
  const [record, setRecord] = useState<R | null>(null);
  const [editing, setEditing] = useState(newInEdit && id === null && !source);
  const [busy, run] = useBusy();
  const images = useImageChanges<string>(editing, record?.id ?? null);
  const status = useWatch({ control: form.control, name: 'status' as Path<Form<S>> }) as Status | null | undefined;

  const key = source?.key ?? (id === null ? null : area.keys.detail(id));
  const query = useQuery({
    queryKey: key ?? ['none'],
    queryFn: () => getOrThrow<W>(source?.path ?? `${area.base}${id}`),
    enabled: key !== null,
  });
  const asRecord = (body: W): R | null => (fromServer ? fromServer(body) : (body as unknown as R));

  const show = (r: R | null) => {
    setRecord(r);
    form.reset(r ? toForm(r) : empty);
  };
  const keep = (r: R) => {
    setRecord(r);
    if (!editing) form.reset(toForm(r));
  };

  /** The server's copy after a save or a status change: cached under the record's key, lists refreshed. */
  const received = (body: W, r: R) => {
    const savedKey = source?.key ?? area.keys.detail(r.id);
    queryClient.setQueryData(savedKey, body);
    refreshArea(queryClient, area, savedKey);
  };

  // Follow the server's copy: the first copy of a requested record is shown, a newer copy of the
  // one on show is kept (Cancel restores it), and a copy of a record the form has left (after
  // SaveAndNext) is ignored.
  const followedKey = useRef<QueryKey | null>(null);
  const [shown, setShown] = useState<W>();
  const follow = useEffectEvent((data: W) => {
    const first = !sameKey(followedKey.current, key);
    followedKey.current = key;
    setShown(data);
    const r = asRecord(data);
    if (r === null) return;
    if (record !== null && record.id === r.id) keep(r);
    else if (first && record !== null) {
      show(r);
      setEditing(false);
    } else if (first) keep(r);
  });
  useEffect(() => {
    if (query.data !== undefined) follow(query.data);
  }, [query.data]);

  const saveThen = (then: SaveThen) =>
    form.submit(async (values) => {
      const created = record === null;
      let body: unknown = values;
      if (created && options.createSchema) {
        const checked = options.createSchema.safeParse(values);
        if (!checked.success) return warn(checked.error.issues[0]?.message ?? MESSAGES.requiredFields);
        body = checked.data;
      }
      const { createPath = `${area.base}create`, updatePath = `${area.base}update`, createWith, send } = options;
      const sent = send
        ? send(values, record)
        : record
          ? api.put<W>(typeof updatePath === 'function' ? updatePath(record) : updatePath, { ...values, id: record.id })
          : api.post<W>(createPath, { ...(body as object), ...createWith });
      const imagePaths = options.images;
      const result = await run(imagePaths ? sent.then((r) => uploadImageChanges(r, images.current(), imagePaths)) : sent);
      if (!notify(result) || !result.ok) return;
      const saved = asRecord(result.body);
      if (saved === null) return;
      if (then === 'save') show(saved);
      else if (then === 'next') show(null);
      else {
        setRecord(null);
        const copy: Record<string, unknown> = { ...toForm(saved) };
        for (const field of options.copyClears ?? []) copy[field] = (empty as Record<string, unknown>)[field] ?? null;
        form.reset(copy as Form<S>);
      }
      setEditing(then !== 'save');
      received(result.body, saved);
      onSaved?.(saved, { created, then });
    });

  const remove = async () => {
    if (!record || !(await confirmWarning(options.deleteConfirm ?? MESSAGES.confirmDelete))) return;
    const result = await run(api.del<R>(`${area.base}${record.id}`));
    if (!notify(result)) return;
    queryClient.removeQueries({ queryKey: area.keys.detail(record.id), exact: true });
    show(null);
    setEditing(false);
    refreshArea(queryClient, area);
    onDeleted?.();
  };

  const changeStatus = async (target: Status) => {
    if (!(await confirmWarning(MESSAGES.confirmStatus))) return;
    if (record === null) {
      form.setValue('status' as Path<Form<S>>, target as PathValue<Form<S>, Path<Form<S>>>);
      return;
    }
    const result = await api.put<W>(`${area.base}${record.id}/status/${target}`);
    if (!notify(result) || !result.ok) return;
    const saved = asRecord(result.body);
    if (saved === null) return;
    // The new status becomes the copy Cancel restores; fields being edited stay as typed.
    setRecord(saved);
    form.setValue('status' as Path<Form<S>>, target as PathValue<Form<S>, Path<Form<S>>>);
    received(result.body, saved);
  };

  return {
    form,
    record,
    editing,
    busy,
    /** The saved record is still on its way (a page shows that it is loading). */
    loading: key !== null && record === null && (query.isPending || (query.data !== undefined && shown !== query.data)),
    /** It could not be loaded (the toast said why). */
    failed: query.isError,
    /** The image changes the next save sends (with the `images` option). */
    images,
    /** What StatusSwitch shows and does. */
    status: { value: status ?? 'ACTIVE', editing, change: changeStatus },
    /** A row picked in a table beside the form. */
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
     * A copy the server saved by another call (a password, a till-user link): it becomes the copy
     * Cancel restores, fields the user is not editing follow it, and lists showing it refresh.
     */
    keep: (body: W) => {
      const r = asRecord(body);
      if (r === null) return;
      keep(r);
      received(body, r);
    },
    cancel: () => {
      setEditing(false);
      if (record) form.reset(toForm(record));
      else {
        form.reset(empty);
        onCancelNew();
      }
    },
    save: () => saveThen('save'),
    saveAndNext: () => saveThen('next'),
    saveAndCopy: () => saveThen('copy'),
    remove,
  };
}

/** What useCrud returns, for a part of a screen that receives it (e.g. fields shared by a page and a dialog). */
export type Crud<R extends { id: number }, S extends Schema, W = R> = ReturnType<typeof useCrud<R, S, W>>;
