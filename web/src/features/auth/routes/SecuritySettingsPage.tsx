import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChangePasswordForm } from '../components/ChangePasswordForm.tsx';

/** The member's own account security; a member who signs in elsewhere (OIDC) has no password here. */
export default function SecuritySettingsPage() {
  useDocumentTitle('Security');
  const member = useCurrentMember();
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Security
      </Typography>
      <Card component="section" aria-labelledby="change-password-heading">
        <CardContent>
          <Typography id="change-password-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            Change password
          </Typography>
          {member?.authProvider === 'email' ? (
            <ChangePasswordForm />
          ) : (
            <Typography color="text.secondary">
              You sign in with an external provider, so your password is managed there.
            </Typography>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
