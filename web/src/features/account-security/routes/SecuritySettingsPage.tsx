import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChangePasswordForm } from '../components/ChangePasswordForm.tsx';
import { DataExportSection } from '../components/DataExportSection.tsx';
import { DeleteAccountSection } from '../components/DeleteAccountSection.tsx';
import { PasskeysCard } from '../components/PasskeysCard.tsx';
import { SecurityPolicyCard } from '../components/SecurityPolicyCard.tsx';
import { SessionsCard } from '../components/SessionsCard.tsx';
import { TwoFactorCard } from '../components/TwoFactorCard.tsx';

/**
 * The member's own security, beside the profile editor: the password, two-factor sign-in,
 * passkeys, where they are signed in, and (for admins) the community's two-factor policy.
 */
export default function SecuritySettingsPage() {
  const member = useCurrentMember();
  useDocumentTitle('Security');
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Security
      </Typography>
      <Stack spacing={3}>
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
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
        <DataExportSection />
        {member?.isAdmin && <SecurityPolicyCard />}
        <DeleteAccountSection />
      </Stack>
    </Container>
  );
}
