import { AUTH_MESSAGES } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useSearchParams } from 'react-router-dom';

/**
 * The mailed verification link lands on `/?verified=1` (or `/signin?verified=0` when it failed, which
 * the sign-in page explains): the member is told it worked, signed in or not.
 */
export function VerificationNotice() {
  const [searchParams] = useSearchParams();
  const verified = searchParams.get('verified');
  if (verified !== '1' && verified !== '0') return null;
  return (
    <Container maxWidth="lg" sx={{ pt: 3 }}>
      <Alert severity={verified === '1' ? 'success' : 'error'} role={verified === '1' ? 'status' : 'alert'}>
        {verified === '1' ? 'Your email address is verified. Thank you!' : AUTH_MESSAGES.verificationInvalid}
      </Alert>
    </Container>
  );
}
