import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { TILL_ENTRY_PARAMS, isDisplayScope } from '@tillpoint/contracts/order-display-paths';
import './storefront.css';
import { matchRoute } from './router';
import { StorefrontApp } from './storefront-app';

// The order display (/display/{domainName}, or the till mode with a CUSTOMER scope, spec 3 §2.2) is a
// screen of its own: no storefront shell, its own small chunk.
const DisplayApp = lazy(() => import('./display/display-app').then((m) => ({ default: m.DisplayApp })));
const params = new URLSearchParams(window.location.search);
const tillMode = !!params.get(TILL_ENTRY_PARAMS.tokenUrl) && !!params.get(TILL_ENTRY_PARAMS.scope);
const display = matchRoute(window.location.pathname).page === 'display' || (tillMode && isDisplayScope(params.get(TILL_ENTRY_PARAMS.scope)));
// Till mode with any other scope is the merchant app (spec 3 §2.2 'Entry parameters'), which signs in through the till service.
if (tillMode && !display) window.location.replace(`/merchant/${window.location.search}`);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {display ? (
      <Suspense fallback={null}>
        <DisplayApp />
      </Suspense>
    ) : (
      <StorefrontApp />
    )}
  </StrictMode>,
);
