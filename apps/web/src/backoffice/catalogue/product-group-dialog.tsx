import { useEffect } from 'react';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { type ProductGroup, productGroupInputSchema } from '@tillpoint/contracts/product-group';
import { usePrivileges } from '../../shared/privileges';
import { CrudDialog, useCrudDialog } from '../../shared/ui/crud-dialog';
import { productGroups } from './catalogue-api';
import { PRODUCT_GROUP_FORM, ProductGroupFields } from './product-group-fields';
import './catalogue.css';

type Props = {
  /** The group to open; null opens a new one in edit mode. */
  id: number | null;
  visible: boolean;
  onClose: () => void;
  /** After a save, e.g. the web menu editor picks the group it made. */
  onSaved?: (group: ProductGroup) => void;
};

/** The product group as a dialog (spec 2: the web menu editor opens it with Edit, Save and Cancel). */
export function ProductGroupDialog({ id, visible, onClose, onSaved }: Props) {
  const can = usePrivileges(OBJECTS.productGroup);
  const dialog = useCrudDialog<ProductGroup, typeof productGroupInputSchema>({ area: productGroups, schema: productGroupInputSchema, id, ...PRODUCT_GROUP_FORM, onSaved });
  const { crud } = dialog;
  // A new group opens ready to fill in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (visible && id === null) crud.add();
  }, [visible, id]);
  return (
    <CrudDialog title="Product Group" crud={crud} can={can} visible={visible} onClose={onClose}>
      <ProductGroupFields crud={crud} />
    </CrudDialog>
  );
}
