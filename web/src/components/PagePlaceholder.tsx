import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Stands in for a member screen that another issue builds. */
export function PagePlaceholder({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{description}</Typography>
    </Container>
  );
}
