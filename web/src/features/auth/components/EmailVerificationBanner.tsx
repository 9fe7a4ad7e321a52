import { EXTERNAL_AUTH_PROVIDER, type CurrentUser } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';

/** Members of the external provider are verified by it; everyone else verifies by mail. */
export function needsEmailVerification(user: Pick<CurrentUser, 'emailVerified' | 'authProvider'>): boolean {
  return !user.emailVerified && user.authProvider !== EXTERNAL_AUTH_PROVIDER;
}

export function EmailVerificationBanner({ user }: { user: Pick<CurrentUser, 'emailVerified' | 'authProvider'> }) {
  if (!needsEmailVerification(user)) return null;
  return (
    <Container maxWidth="lg" sx={{ pt: 3 }}>
      <Alert
        severity="warning"
        action={
          // The button makes no call: resending the verification mail is not offered.
          <Button color="inherit" size="small">
            Resend Email
          </Button>
        }
      >
        Please verify your email address to access all features. Check your inbox for the verification email.
      </Alert>
    </Container>
  );
}
