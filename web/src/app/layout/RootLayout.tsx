import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner.tsx';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { LiveSocketProvider } from '../../lib/live-socket/live-socket-context.tsx';
import { useRetryMessage } from '../../lib/use-retry-message.ts';
import { Footer } from './Footer.tsx';
import { SignedOutHeader } from './SignedOutHeader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

// Member code (navigation, notifications, the socket's cache updates) stays out of what signed-out
// screens download.
const MemberHeader = lazy(() => import('./MemberHeader.tsx'));
const LiveUpdates = lazy(() => import('../LiveUpdates.tsx').then((module) => ({ default: module.LiveUpdates })));

export function RootLayout() {
  const { data: user, isPending, failureReason } = useCurrentUser();
  const waiting = useRetryMessage(isPending ? failureReason : null);
  return (
    <LiveSocketProvider enabled={Boolean(user)}>
      {user && (
        <Suspense fallback={null}>
          <LiveUpdates user={user} />
        </Suspense>
      )}
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <SkipLink />
        {user ? (
          <Suspense fallback={<SignedOutHeader />}>
            <MemberHeader user={user} />
          </Suspense>
        ) : (
          <SignedOutHeader />
        )}
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
          {isPending ? (
            <FullPageSpinner label={waiting ?? undefined} />
          ) : (
            <Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </Suspense>
          )}
        </Box>
        <Footer />
      </Box>
    </LiveSocketProvider>
  );
}
