import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUnsubscribeFromDigest } from '../api/unsubscribe-from-digest.ts';

/**
 * The e-mail summary's unsubscribe link opens here, signed in or not. The summaries go off when the
 * member presses the button, not on opening: mail scanners that open links must not unsubscribe anyone.
 */
export default function DigestUnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeFromDigest();

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        E-mail summaries
      </Typography>
      {unsubscribe.isSuccess ? (
        <Alert severity="success">
          You will get no more e-mail summaries. You can turn them on again on the{' '}
          <RouterLink to="/notifications">Notifications</RouterLink> page.
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            Stop the e-mails that sum up the messages and mentions you missed while away?
          </Typography>
          {unsubscribe.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {unsubscribe.error.message}
            </Alert>
          )}
          <Button
            variant="contained"
            disabled={!token}
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            Stop e-mail summaries
          </Button>
        </>
      )}
    </Container>
  );
}
