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
const display = matchRoute(window.location.pathname).page === 'display' || (!!params.get(TILL_ENTRY_PARAMS.tokenUrl) && isDisplayScope(params.get(TILL_ENTRY_PARAMS.scope)));

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
