import { Suspense, lazy } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../shared/query-client';
import { useSession } from '../shared/session';
import { PageLoading } from './page-loading';

const Overlays = lazy(() => import('./overlays'));
const Shell = lazy(() => import('./shell/shell'));
const SignInPage = lazy(() => import('./auth/sign-in-page'));

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
