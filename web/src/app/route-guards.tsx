import { Navigate, Outlet } from 'react-router-dom';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';

/** Member screens send signed-out visitors to sign in. */
export function RequireMember() {
  const { data: user } = useCurrentUser();
  return user ? <Outlet /> : <Navigate to="/signin" replace />;
}

/** Sign-in and sign-up make no sense once signed in: go home instead. */
export function RequireSignedOut() {
  const { data: user } = useCurrentUser();
  return user ? <Navigate to="/" replace /> : <Outlet />;
}
