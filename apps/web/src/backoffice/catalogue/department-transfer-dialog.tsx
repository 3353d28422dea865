import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type Department, type DepartmentTransferResult, NO_DEPARTMENT } from '@tillpoint/contracts/department';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { refreshArea } from '../../shared/query-keys';
import { useBusy } from '../../shared/ui/use-busy';
import { departments, products, useDepartmentOptions } from './catalogue-api';

type Props = {
  department: Department;
  visible: boolean;
  onClose: () => void;
  onDeleted: (result: DepartmentTransferResult) => void;
};

/**
 * Delete of a department (spec 2 §2): the user picks another department to receive its products,
 * or none, then DELETE {id}/transferDepartmentId/{otherId} (-1 for none) moves them and deletes
 * it in one go. With products left and none chosen the server refuses and says why; nothing changes.
 */
export function DepartmentTransferDialog({ department, visible, onClose, onDeleted }: Props) {
  const selectId = useId();
  const others = (useDepartmentOptions().data ?? []).filter((d) => d.id !== department.id);
  const [target, setTarget] = useState<number>(NO_DEPARTMENT);
  const [busy, run] = useBusy();
  const queryClient = useQueryClient();

  const remove = async () => {
    const r = await run(api.del<DepartmentTransferResult>(PATHS.department.transfer(department.id, target)));
    if (!notify(r) || !r.ok) return;
    queryClient.removeQueries({ queryKey: departments.keys.detail(department.id), exact: true });
    refreshArea(queryClient, departments);
    // The products moved to another department: their pages and tables are stale too.
    refreshArea(queryClient, products);
    onDeleted(r.body);
  };

  return (
    <Dialog
      header="Delete Department"
      visible={visible}
      onHide={onClose}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '100vw' }}
      draggable={false}
      closable={false}
      footer={
        <div className="toolbar crud-dialog-footer">
          <Button type="button" label="Delete" icon="pi pi-trash" size="small" severity="danger" loading={busy} onClick={() => void remove()} />
          <Button type="button" label="Close" size="small" text severity="secondary" onClick={onClose} />
        </div>
      }
    >
      <p className="dialog-intro">
        Deleting <strong>{department.name}</strong>. Choose the department that receives its products, or none when it has no products.
      </p>
      <div className="field">
        <label htmlFor={selectId}>Transfer Products To</label>
        <Dropdown
          inputId={selectId}
          value={target}
          options={[{ id: NO_DEPARTMENT, name: 'None' }, ...others]}
          optionLabel="name"
          optionValue="id"
          onChange={(e) => setTarget((e.value as number | null) ?? NO_DEPARTMENT)}
          filter={others.length > 8}
          className="w-full"
        />
      </div>
    </Dialog>
  );
}
