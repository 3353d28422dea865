import { Button } from 'primereact/button';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { MerchantAccount } from '@tillpoint/contracts/merchant-account';
import { navigate } from '../../shared/hash-route';
import { LazyTable } from '../../shared/ui/lazy-table';
import { ROUTES } from '../route-hrefs';

const view = (id: number) => navigate(ROUTES.merchantAccountSave(id));

/** #/merchantAccountList (spec 1 §2): every merchant account, paged by the server; PASSIVE rows disabled. */
export default function MerchantAccountListPage() {
  return (
    <LazyTable<MerchantAccount>
      title="Merchant Accounts"
      dataUrl={PATHS.merchantAccount.all}
      columns={[
        { field: 'tradingName', header: 'Trading Name' },
        { field: 'businessName', header: 'Business Name' },
        { field: 'companyNo', header: 'Company No', numeric: true },
        { field: 'vatNo', header: 'Vat No' },
        { field: 'contact', header: 'Contact' },
        { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
      ]}
      onSelect={(row) => view(row.id)}
      actions={<Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={() => navigate(ROUTES.merchantAccountSave())} />}
      rowActions={(row) => (
        <>
          <Button
            type="button"
            icon="pi pi-search"
            size="small"
            text
            rounded
            aria-label={`View ${row.tradingName}`}
            title="View"
            onClick={(e) => {
              e.stopPropagation();
              view(row.id);
            }}
          />
          <Button
            type="button"
            icon="pi pi-users"
            size="small"
            text
            rounded
            aria-label={`Users of ${row.tradingName}`}
            title="User"
            onClick={(e) => {
              e.stopPropagation();
              navigate(ROUTES.merchantUserSave(row.id));
            }}
          />
        </>
      )}
    />
  );
}
