import { AUTH_MESSAGES } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import { useSearchParams } from 'react-router-dom';

/**
 * The server sends members back here when a mailed verification link or the external login
 * failed (`?verified=0`, `?error=...`), and the Security page after the member deleted their account
 * (`?accountDeleted=` the time its deletion becomes final). The texts are fixed and a date is
 * shown only when it parses as one, so a crafted link cannot put words of its own on the page.
 */
export function SignInNotice() {
  const [searchParams] = useSearchParams();
  const accountDeleted = searchParams.get('accountDeleted');
  if (accountDeleted !== null) {
    const erasureAt = new Date(accountDeleted);
    const when = Number.isNaN(erasureAt.getTime())
      ? 'at the end of its grace period'
      : `on ${erasureAt.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}`;
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        Your account is deactivated and will be deleted {when}. Sign in before then to keep it.
      </Alert>
    );
  }
  const message = searchParams.has('error')
    ? 'Signing in with single sign-on did not work. Please try again.'
    : searchParams.get('verified') === '0'
      ? AUTH_MESSAGES.verificationInvalid
      : null;
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 3 }}>
      {message}
    </Alert>
  );
}
