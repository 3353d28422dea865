import { Suspense, lazy } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../shared/query-client';
import { type SessionState, useSession } from '../shared/session';
import { PageLoading } from './page-loading';
import { systemParamsQuery } from './system-params';

const loadOverlays = () => import('./overlays');
const loadShell = () => import('./shell/shell');
const loadSignInPage = () => import('./auth/sign-in-page');
const Overlays = lazy(loadOverlays);
const Shell = lazy(loadShell);
const SignInPage = lazy(loadSignInPage);

/**
 * Starts fetching the first screen's code and the system parameters it shows while the theme
 * loads, rather than after it (each lazy screen would otherwise wait its turn). Without a session
 * that is the sign-in page; the shell's code is not fetched until someone signs in.
 */
export function preloadFirstScreen(status: SessionState['status']) {
  void loadOverlays();
  void (status === 'signedOut' ? loadSignInPage() : loadShell());
  void queryClient.prefetchQuery(systemParamsQuery);
}

/** Signed in: the shell; signed out: the sign-in page; in between, a spinner. */
export function BackofficeApp() {
  const session = useSession();
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
      <Suspense fallback={<PageLoading />}>
        {session.status === 'restoring' ? <PageLoading /> : session.status === 'signedIn' ? <Shell /> : <SignInPage />}
      </Suspense>
    </QueryClientProvider>
  );
}
