import { CUSTOMER_PATHS, type CustomerRow } from '@tillpoint/contracts/member-data';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { navigate } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { LazyTable } from '../../shared/ui/lazy-table';
import { ROUTES } from '../route-hrefs';

/**
 * #/customer (spec 2 'Customers'): the members who have ordered from one of the merchant's
 * branches, paged by the server; a row opens #customerSave?{id}. Read-only: no Add.
 */
export default function CustomerListPage() {
  const can = usePrivileges(OBJECTS.customer);
  if (!can.view) return <p className="card">You have no privilege to view customers.</p>;
  return (
    <LazyTable<CustomerRow>
      title="Customers"
      dataUrl={CUSTOMER_PATHS.all}
      columns={[
        { field: 'fullName', header: 'Full Name' },
        { field: 'email', header: 'E-mail' },
        { field: 'mobilePhone', header: 'Mobile Phone' },
      ]}
      onSelect={(c) => navigate(ROUTES.customerSave(c.id))}
    />
  );
}
