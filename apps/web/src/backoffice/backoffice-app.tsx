import { Suspense, lazy, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../shared/query-client';
import { type SessionState, useSession } from '../shared/session';
import { PageLoading } from './page-loading';
import { systemParamsQuery } from './system-params';

const loadShell = () => import('./shell/shell');
const loadConfirmations = () => import('./confirmations');
const loadSignInPage = () => import('./auth/sign-in-page');
const Overlays = lazy(() => import('./overlays'));
const Shell = lazy(loadShell);
const Confirmations = lazy(loadConfirmations);
const SignInPage = lazy(loadSignInPage);

/**
 * Starts fetching the first screen's code and the system parameters it shows while the theme
 * loads, rather than after it (each lazy screen would otherwise wait its turn). Without a session
 * that is the sign-in page (whose scripts the page's HTML names too: vite.config.ts); the shell's
 * code is not fetched until someone signs in (or has a session to restore).
 */
export function preloadFirstScreen(status: SessionState['status']) {
  void (status === 'signedOut' ? loadSignInPage() : Promise.all([loadShell(), loadConfirmations()]));
  void queryClient.prefetchQuery(systemParamsQuery);
}

/** Says when it is on screen: placed after a lazy page, that is once the page has shown. */
function Shown({ then }: { then: (shown: true) => void }) {
  useEffect(() => then(true), [then]);
  return null;
}

/**
 * Signed in: the shell; signed out: the sign-in page; in between, a spinner. The toasts load once
 * the first page shows, so they never hold it up; the confirmation dialog comes with the shell, in
 * the same boundary, so no screen shows before the dialog that its questions need.
 */
export function BackofficeApp() {
  const session = useSession();
  const [shown, setShown] = useState(false);
  return (
    <QueryClientProvider client={queryClient}>
      {shown && (
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      )}
      <Suspense fallback={<PageLoading />}>
        {session.status === 'restoring' ? (
          <PageLoading />
        ) : session.status === 'signedIn' ? (
          <>
            <Shell />
            <Confirmations />
          </>
        ) : (
          <SignInPage />
        )}
        {session.status !== 'restoring' && <Shown then={setShown} />}
      </Suspense>
    </QueryClientProvider>
  );
}
