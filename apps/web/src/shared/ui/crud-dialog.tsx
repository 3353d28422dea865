import { type ReactNode, useId, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { Can } from '../privileges';
import { CrudButtons, type CrudControls, CrudForm } from './crud-panel';
import { type CrudOptions, useCrud } from './use-crud';

/**
 * useCrud for a record edited in a dialog over a list: a row opens it read-only, Add opens it
 * blank in edit mode, and Cancel on a never-saved record closes the dialog instead of leaving
 * the page.
 */
export function useCrudDialog<R extends { id: number }, S extends z.ZodType<FieldValues, FieldValues>, W = R>(options: Omit<CrudOptions<R, S, W>, 'onCancelNew'>) {
  const [visible, setVisible] = useState(false);
  const crud = useCrud<R, S, W>({ ...options, onCancelNew: () => setVisible(false) });
  return {
    crud,
    visible,
    open: (record: R) => {
      crud.load(record);
      setVisible(true);
    },
    openNew: () => {
      crud.add();
      setVisible(true);
    },
    close: () => setVisible(false),
  };
}

type Props = {
  title: string;
  crud: CrudControls;
  can: Pick<Can, 'add' | 'create' | 'delete'>;
  visible: boolean;
  onClose: () => void;
  /** Shown above the form and never disabled with it, e.g. a value to copy. */
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * The dialog variant of CrudPanel (spec 1 §2: licence, credential and credit dialogs): Edit,
 * Save, Cancel and Close, Delete when not editing. 30vw on a desktop, the full width on a phone.
 */
export function CrudDialog({ title, crud, can, visible, onClose, intro, children }: Props) {
  const formId = `${useId()}-form`;
  return (
    <Dialog
      header={title}
      visible={visible}
      onHide={onClose}
      style={{ width: '30vw' }}
      breakpoints={{ '1024px': '60vw', '640px': '100vw' }}
      className="crud-dialog"
      draggable={false}
      // The footer's Close is the one way out besides Escape, so tests and readers find one Close.
      closable={false}
      footer={
        <div className="toolbar crud-dialog-footer">
          <CrudButtons formId={formId} crud={crud} can={can} allowAdd={false} />
          <Button type="button" label="Close" size="small" text severity="secondary" onClick={onClose} />
        </div>
      }
    >
      {intro}
      <CrudForm formId={formId} title={title} crud={crud} canSave={can.create}>
        {children}
      </CrudForm>
    </Dialog>
  );
}
