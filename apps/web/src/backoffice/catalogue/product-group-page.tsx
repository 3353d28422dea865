import { OBJECTS } from '@tillpoint/contracts/privileges';
import { type ProductGroup, productGroupInputSchema } from '@tillpoint/contracts/product-group';
import { formatMoney } from '../../shared/format';
import { usePrivileges } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { LazyTable } from '../../shared/ui/lazy-table';
import { useCrud } from '../../shared/ui/use-crud';
import { productGroups } from './catalogue-api';
import { PRODUCT_GROUP_FORM, ProductGroupFields } from './product-group-fields';
import './catalogue.css';

/** #/productGroupSave (spec 2): a group's details and products beside the list of groups. */
export default function ProductGroupPage() {
  const can = usePrivileges(OBJECTS.productGroup);
  const crud = useCrud<ProductGroup, typeof productGroupInputSchema>({ area: productGroups, schema: productGroupInputSchema, ...PRODUCT_GROUP_FORM });

  return (
    <div className="page-split page-split-wide">
      <CrudPanel title="Product Group" crud={crud} can={can}>
        <ProductGroupFields crud={crud} />
      </CrudPanel>
      {can.view && (
        <LazyTable<ProductGroup>
          title="Product Groups"
          dataUrl={`${productGroups.base}all`}
          columns={[
            { field: 'name', header: 'Name' },
            { field: 'price', header: 'Price', numeric: true, align: 'right', body: (g) => formatMoney(g.price) },
            { field: 'selectionType', header: 'Selection Type', filterMatchMode: 'startsWith' },
            { field: 'pricingType', header: 'Pricing Type', filterMatchMode: 'startsWith' },
            { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
          ]}
          selection={crud.record}
          onSelect={crud.load}
        />
      )}
    </div>
  );
}
