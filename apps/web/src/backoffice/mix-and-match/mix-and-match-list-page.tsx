import { Button } from 'primereact/button';
import { MIX_AND_MATCH_PAGE_SIZE, MIX_AND_MATCH_PATHS, type MixAndMatch } from '@tillpoint/contracts/mix-and-match';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { formatMoney } from '../../shared/format';
import { navigate } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { LazyTable } from '../../shared/ui/lazy-table';
import { ROUTES } from '../route-hrefs';
import { offerSummary, showDate } from './offer-summary';
import './mix-and-match.css';

const words = (value: string) => value.replace(/_/g, ' ').replace(/\w+/g, (w) => w[0] + w.slice(1).toLowerCase());

/**
 * #/mixAndMatchList (spec 2): the branch's offers, 5 to a page, paged by the server; Add and a row
 * open #mixAndMatchSave?{id}. A basket-level offer's quantity is a spend, so it shows as money.
 */
export default function MixAndMatchListPage() {
  const can = usePrivileges(OBJECTS.mixAndMatch);
  if (!can.view) return <p className="card">You have no privilege to view mix and match offers.</p>;
  return (
    <LazyTable<MixAndMatch>
      title="Mix and Match"
      dataUrl={MIX_AND_MATCH_PATHS.all}
      rows={MIX_AND_MATCH_PAGE_SIZE}
      columns={[
        {
          field: 'name',
          header: 'Name',
          body: (o) => (
            <span className="offer-cell">
              <span>{o.name}</span>
              <small className="muted">{offerSummary(o)}</small>
            </span>
          ),
        },
        { field: 'quantity', header: 'Quantity', numeric: true, align: 'right', body: (o) => (o.level === 'BASKET' ? formatMoney(o.quantity) : o.quantity) },
        { field: 'operation', header: 'Operation', filterMatchMode: 'startsWith', body: (o) => words(o.operation) },
        { field: 'amount', header: 'Amount', numeric: true, align: 'right', body: (o) => formatMoney(o.amount) },
        { field: 'startDate', header: 'Start Date', filterMatchMode: 'startsWith', body: (o) => showDate(o.startDate) },
        { field: 'endDate', header: 'End Date', filterMatchMode: 'startsWith', body: (o) => showDate(o.endDate) },
        { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
      ]}
      onSelect={(o) => navigate(ROUTES.mixAndMatchSave(o.id))}
      actions={can.add && <Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={() => navigate(ROUTES.mixAndMatchSave())} />}
    />
  );
}
