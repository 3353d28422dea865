import { useState } from 'react';
import { Button } from 'primereact/button';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import type { Product } from '@tillpoint/contracts/product';
import { formatMoney } from '../../shared/format';
import { navigate } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { LazyTable } from '../../shared/ui/lazy-table';
import { ROUTES } from '../route-hrefs';
import { BulkCreateDialog } from './bulk-create-dialog';
import './catalogue.css';

/**
 * #/productList (spec 2): every product of the store, paged, sorted and filtered by the server. A
 * row opens #productSave?{id}; Add a new product; Bulk Create the 'Product Definition' dialog.
 */
export default function ProductListPage() {
  const can = usePrivileges(OBJECTS.product);
  const [bulk, setBulk] = useState(false);
  if (!can.view) return <p className="card">You have no privilege to view products.</p>;
  return (
    <>
      <LazyTable<Product>
        title="Products"
        dataUrl={PATHS.product.all}
        columns={[
          { field: 'barcode', header: 'Barcode', filterMatchMode: 'startsWith' },
          { field: 'name', header: 'Name' },
          { field: 'departmentName', header: 'Department' },
          { field: 'price', header: 'Price', numeric: true, align: 'right', body: (p) => formatMoney(p.price) },
          { field: 'webPrice', header: 'Web Price', numeric: true, align: 'right', body: (p) => formatMoney(p.webPrice) },
          { field: 'currentStock', header: 'Stock', numeric: true, align: 'right' },
          { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
        ]}
        onSelect={(p) => navigate(ROUTES.productSave(p.id))}
        actions={
          can.add && (
            <>
              <Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={() => navigate(ROUTES.productSave())} />
              <Button type="button" label="Bulk Create" icon="pi pi-clone" size="small" outlined onClick={() => setBulk(true)} />
            </>
          )
        }
      />
      {can.add && <BulkCreateDialog visible={bulk} onClose={() => setBulk(false)} />}
    </>
  );
}
