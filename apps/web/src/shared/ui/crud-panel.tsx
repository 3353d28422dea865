import { type ReactNode, useId } from 'react';
import { Button } from 'primereact/button';
import type { Can } from '../privileges';

type CrudControls = {
  editing: boolean;
  busy: boolean;
  record: object | null;
  add: () => void;
  edit: () => void;
  cancel: () => void;
  save: () => Promise<void>;
  remove: () => Promise<void>;
};

type Props = {
  title: string;
  crud: CrudControls;
  /** Add needs Add, Edit/Save/Cancel need Create, Delete needs Delete (spec 2 §6). */
  can: Pick<Can, 'add' | 'create' | 'delete'>;
  /** False hides Add, for forms that are never blank-new (e.g. a settings tab). */
  allowAdd?: boolean;
  /** Extra buttons after the standard ones, e.g. SaveAndNext. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * A detail form in the shared edit/save/cancel pattern. Its fieldset is disabled until Edit (or
 * Add) so the record reads but cannot change; Enter in a field saves while editing.
 */
export function CrudPanel({ title, crud, can, allowAdd = true, actions, children }: Props) {
  const headingId = useId();
  const saved = crud.record !== null;
  return (
    <section className="card crud-panel" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>{title}</h2>
        <div className="toolbar">
          {!crud.editing && allowAdd && can.add && <Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={crud.add} />}
          {!crud.editing && saved && can.create && <Button type="button" label="Edit" icon="pi pi-pencil" size="small" outlined onClick={crud.edit} />}
          {crud.editing && can.create && (
            <Button type="submit" form={`${headingId}-form`} label="Save" icon="pi pi-check" size="small" loading={crud.busy} />
          )}
          {crud.editing && <Button type="button" label="Cancel" icon="pi pi-times" size="small" outlined severity="secondary" onClick={crud.cancel} />}
          {!crud.editing && saved && can.delete && (
            <Button type="button" label="Delete" icon="pi pi-trash" size="small" outlined severity="danger" loading={crud.busy} onClick={() => void crud.remove()} />
          )}
          {actions}
        </div>
      </header>
      <form
        id={`${headingId}-form`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (crud.editing && can.create) void crud.save();
        }}
      >
        <fieldset className="crud-fields" disabled={!crud.editing || crud.busy}>
          <legend className="sr-only">{title}</legend>
          {children}
        </fieldset>
      </form>
    </section>
  );
}
