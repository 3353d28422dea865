import { useEffect, useState } from 'react';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { APP_VERSION } from '@tillpoint/contracts/session-constants';
import type { SystemParams } from '@tillpoint/contracts/auth';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { api } from '../shared/api';

/**
 * The customer storefront's frame. It stays lean (no PrimeReact, no query library) because it
 * must load fast on a phone; its pages arrive with the storefront area (spec 3).
 */
export function StorefrontApp() {
  const [params, setParams] = useState<SystemParams | null>(null);
  useEffect(() => {
    void api.get<SystemParams>(PATHS.systemParams, { token: null }).then((r) => r.ok && setParams(r.body));
  }, []);

  return (
    <div className="sf">
      {params?.testEnvironment && (
        <div className="sf-test-banner" role="status">
          {MESSAGES.testEnvironment}
        </div>
      )}
      <header className="sf-header">
        <span className="sf-logo" aria-hidden="true">
          T
        </span>
        <span className="sf-name">Tillpoint</span>
      </header>
      <main className="sf-main">
        <h1>Store front coming soon</h1>
        <p>Soon you will be able to browse menus, order and pay from your favourite local places right here.</p>
      </main>
      <footer className="sf-footer">Version {APP_VERSION}</footer>
    </div>
  );
}
