import { PATHS } from '@tillpoint/contracts/api-paths';
import type { TillConnection } from '@tillpoint/contracts/till';
import { formatDateTime } from '../../shared/format';
import { LazyTable } from '../../shared/ui/lazy-table';

/**
 * #/tillConnections (spec 1 §2): read-only, 10 rows. A row appears when a till first obtains a
 * token with a credential, and its date moves on each time it does again.
 */
export default function TillConnectionsPage() {
  return (
    <LazyTable<TillConnection>
      title="Till Connections"
      dataUrl={PATHS.tillConnections}
      rows={10}
      columns={[
        { field: 'storeName', header: 'Store Name' },
        {
          field: 'lastConnectedDate',
          header: 'Last Connected Date',
          filter: false,
          body: (c) => formatDateTime(c.lastConnectedDate),
          exportFormat: 'dateTime',
        },
        {
          field: 'locked',
          header: 'Locked',
          filter: false,
          body: (c) => <LockedMark locked={c.locked} />,
        },
      ]}
    />
  );
}

function LockedMark({ locked }: { locked: boolean }) {
  return (
    <span className={locked ? 'flag flag-on' : 'flag'}>
      <i className={locked ? 'pi pi-lock' : 'pi pi-lock-open'} aria-hidden="true" /> {locked ? 'Yes' : 'No'}
    </span>
  );
}
