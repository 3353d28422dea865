import { Button } from 'primereact/button';
import type { Department } from '@tillpoint/contracts/department';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { formatPercent } from '../../shared/format';
import { navigate } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { LazyTable } from '../../shared/ui/lazy-table';
import { ROUTES } from '../route-hrefs';
import { departments } from './catalogue-api';

const yes = (flag: boolean) => (flag ? 'Yes' : '');

/** #/departmentList (spec 2): the departments, paged by the server; Add and a row open #departmentSave. */
export default function DepartmentListPage() {
  const can = usePrivileges(OBJECTS.department);
  if (!can.view) return <p className="card">You have no privilege to view departments.</p>;
  return (
    <LazyTable<Department>
      title="Departments"
      dataUrl={`${departments.base}all`}
      columns={[
        { field: 'name', header: 'Name' },
        { field: 'taxName', header: 'Tax' },
        { field: 'taxRate', header: 'Tax Rate', numeric: true, align: 'right', body: (d) => formatPercent(d.taxRate) },
        { field: 'profitMargin', header: 'Profit Margin', numeric: true, align: 'right', body: (d) => formatPercent(d.profitMargin) },
        { field: 'ageRestricted', header: 'Age Restricted', filter: false, body: (d) => yes(d.ageRestricted) },
        { field: 'excludePromotion', header: 'Exclude Promotion', filter: false, body: (d) => yes(d.excludePromotion) },
        { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
      ]}
      onSelect={(d) => navigate(ROUTES.departmentSave(d.id))}
      actions={can.add && <Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={() => navigate(ROUTES.departmentSave())} />}
    />
  );
}
