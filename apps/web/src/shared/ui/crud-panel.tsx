import { type ReactNode, useId } from 'react';
import { Button } from 'primereact/button';
import type { Can } from '../privileges';
import { SubmitForm } from './submit-form';

export type CrudControls = {
  editing: boolean;
  busy: boolean;
  record: object | null;
  add: () => void;
  edit: () => void;
  cancel: () => void;
  save: () => Promise<void>;
  saveAndNext?: () => Promise<void>;
  saveAndCopy?: () => Promise<void>;
  remove: () => Promise<void>;
};

/** Save variants beside Save (spec 2: SaveAndNext leaves a blank form, SaveAndCopy a copy to edit). */
export type SaveVariant = 'next' | 'copy';

type ButtonsProps = {
  formId: string;
  crud: CrudControls;
  /** Add needs Add, Edit/Save/Cancel need Create, Delete needs Delete (spec 2 §6). */
  can: Pick<Can, 'add' | 'create' | 'delete'>;
  /** False hides Add, for forms that are never blank-new (e.g. a settings tab). */
  allowAdd?: boolean;
  saveVariants?: SaveVariant[];
};

/** Add, Edit, Save, Cancel and Delete as the mode allows; Save submits the form by its id. */
export function CrudButtons({ formId, crud, can, allowAdd = true, saveVariants = [] }: ButtonsProps) {
  const saved = crud.record !== null;
  const variant = (label: string, run: (() => Promise<void>) | undefined) =>
    run && <Button type="button" label={label} icon="pi pi-check-circle" size="small" outlined loading={crud.busy} onClick={() => void run()} />;
  return (
    <>
      {!crud.editing && allowAdd && can.add && <Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={crud.add} />}
      {!crud.editing && saved && can.create && <Button type="button" label="Edit" icon="pi pi-pencil" size="small" outlined onClick={crud.edit} />}
      {crud.editing && can.create && <Button type="submit" form={formId} label="Save" icon="pi pi-check" size="small" loading={crud.busy} />}
      {crud.editing && can.create && saveVariants.includes('next') && variant('Save And Next', crud.saveAndNext)}
      {crud.editing && can.create && saveVariants.includes('copy') && variant('Save And Copy', crud.saveAndCopy)}
      {crud.editing && <Button type="button" label="Cancel" icon="pi pi-times" size="small" outlined severity="secondary" onClick={crud.cancel} />}
      {!crud.editing && saved && can.delete && (
        <Button type="button" label="Delete" icon="pi pi-trash" size="small" outlined severity="danger" loading={crud.busy} onClick={() => void crud.remove()} />
      )}
    </>
  );
}

/**
 * The form of a crud panel or dialog. Its fieldset is disabled until Edit (or Add) so the record
 * reads but cannot change; Enter in a field saves while editing.
 */
export function CrudForm({ formId, title, crud, canSave, children }: { formId: string; title: string; crud: CrudControls; canSave: boolean; children: ReactNode }) {
  return (
    <SubmitForm id={formId} onSubmit={() => crud.editing && canSave && crud.save()}>
      <fieldset className="crud-fields" disabled={!crud.editing || crud.busy}>
        <legend className="sr-only">{title}</legend>
        {children}
      </fieldset>
    </SubmitForm>
  );
}

type Props = Omit<ButtonsProps, 'formId'> & {
  title: string;
  /** Extra buttons after the standard ones, e.g. SaveAndNext. */
  actions?: ReactNode;
  /** Inside a tab or another card: no frame of its own. */
  bare?: boolean;
  children: ReactNode;
};

/** A detail form in the shared edit/save/cancel pattern. */
export function CrudPanel({ title, crud, can, allowAdd = true, saveVariants, actions, bare = false, children }: Props) {
  const headingId = useId();
  const formId = `${headingId}-form`;
  return (
    <section className={bare ? 'crud-panel' : 'card crud-panel'} aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>{title}</h2>
        <div className="toolbar">
          <CrudButtons formId={formId} crud={crud} can={can} allowAdd={allowAdd} saveVariants={saveVariants} />
          {actions}
        </div>
      </header>
      <CrudForm formId={formId} title={title} crud={crud} canSave={can.create}>
        {children}
      </CrudForm>
    </section>
  );
}
