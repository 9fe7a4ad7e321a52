import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
// The external login's landing is in the entry chunk, so it takes its token on the first render:
// loaded lazily, the shell first asked for the member without the token and the tab stayed here.
import { AuthCallbackPage } from '../features/auth/routes/AuthCallbackPage.tsx';
import { SignInPage } from '../features/auth/routes/SignInPage.tsx';
import { HomePage } from './HomePage.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RequireMember, RequireSignedOut } from './route-guards.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** A module's named component as `lazy` takes it. */
const named =
  <Name extends string>(name: Name) =>
  (module: Record<Name, ComponentType>) => ({ default: module[name] });

// Signed-out screens other than sign-in load when opened: /signin, where visitors arrive, carries
// only what it shows.
const SignUpPage = lazy(() => import('../features/auth/routes/SignUpPage.tsx').then(named('SignUpPage')));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/routes/ForgotPasswordPage.tsx').then(named('ForgotPasswordPage')),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/routes/ResetPasswordPage.tsx').then(named('ResetPasswordPage')),
);

// Member screens are split out so signed-out visitors never download them.
const ForumsPage = lazy(() => import('../features/forums/routes/ForumsPage.tsx'));
const MessagesPage = lazy(() => import('../features/messages/routes/MessagesPage.tsx'));
const NotificationsPage = lazy(() => import('../features/notifications/routes/NotificationsPage.tsx'));
const DigestUnsubscribePage = lazy(() => import('../features/notifications/routes/DigestUnsubscribePage.tsx'));
const ProjectsPage = lazy(() => import('../features/projects/routes/ProjectsPage.tsx'));
const MembersPage = lazy(() => import('../features/members/routes/MembersPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/routes/ProfilePage.tsx'));
const EditProfilePage = lazy(() => import('../features/profile/routes/EditProfilePage.tsx'));
const SecuritySettingsPage = lazy(() => import('../features/account-security/routes/SecuritySettingsPage.tsx'));
const AdminPage = lazy(() => import('../features/admin/routes/AdminPage.tsx'));
const AdminConversationPage = lazy(() => import('../features/admin/routes/AdminConversationPage.tsx'));
const AdminUserPage = lazy(() => import('../features/admin/routes/AdminUserPage.tsx'));

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      {
        element: <RequireSignedOut />,
        children: [
          { path: 'signup', element: <SignUpPage /> },
          { path: 'signin', element: <SignInPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      // Reachable in both states: a reset link or an external login may arrive in a signed-in browser.
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      // The e-mail summary's unsubscribe link works without signing in: its token is the credential.
      { path: 'notifications/unsubscribe', element: <DigestUnsubscribePage /> },
      {
        element: <RequireMember />,
        children: [
          { path: 'forums', element: <ForumsPage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'projects', element: <ProjectsPage /> },
          { path: 'members', element: <MembersPage /> },
          { path: 'profile/:userId', element: <ProfilePage /> },
          { path: 'profile/:userId/edit', element: <EditProfilePage /> },
          { path: 'settings/security', element: <SecuritySettingsPage /> },
          { path: 'admin', element: <AdminPage /> },
          { path: 'admin/conversations/:user1Id/:user2Id', element: <AdminConversationPage /> },
          { path: 'admin/users/:userId', element: <AdminUserPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
