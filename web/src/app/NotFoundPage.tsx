import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary">Did you forget to add the page to the router?</Typography>
    </Container>
  );
}
