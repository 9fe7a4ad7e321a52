import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CrucibleLogo } from '../../../components/CrucibleLogo.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function LandingPage() {
  useDocumentTitle('Welcome');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, sm: 10 }, textAlign: 'center' }}>
      <CrucibleLogo color="primary" sx={{ fontSize: 72, mb: 2 }} />
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.75rem', sm: '3.75rem' } }} gutterBottom>
        Crucible
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 5 }}>
        A members-only community where leaders are forged: learn, discuss and build together.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/signup" variant="contained" size="large">
          Sign Up
        </Button>
        <Button component={RouterLink} to="/signin" variant="outlined" size="large">
          Sign In
        </Button>
      </Stack>
    </Container>
  );
}
