import { lazy } from 'react';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { EmailVerificationBanner } from '../features/auth/components/EmailVerificationBanner.tsx';
import { VerificationNotice } from '../features/auth/components/VerificationNotice.tsx';

// A visitor's landing screen loads when opened, so /signin carries only what it shows.
const LandingPage = lazy(() =>
  import('../features/auth/routes/LandingPage.tsx').then((module) => ({ default: module.LandingPage })),
);
const DashboardPage = lazy(() => import('../features/dashboard/routes/DashboardPage.tsx'));
// The projects feature owns its dashboard card; features do not import each other, so the app joins them.
const MyProjectTasksCard = lazy(() =>
  import('../features/projects/components/MyProjectTasksCard.tsx').then((module) => ({
    default: module.MyProjectTasksCard,
  })),
);

/** '/' is the landing screen for visitors and the dashboard, under the verification notice, for members. */
export function HomePage() {
  const { data: user } = useCurrentUser();
  if (!user)
    return (
      <>
        <VerificationNotice />
        <LandingPage />
      </>
    );
  return (
    <>
      <VerificationNotice />
      <EmailVerificationBanner user={user} />
      <DashboardPage projectTasksCard={(userId) => <MyProjectTasksCard userId={userId} />} />
    </>
  );
}
