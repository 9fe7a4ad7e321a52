import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PasskeysCard } from '../components/PasskeysCard.tsx';
import { SecurityPolicyCard } from '../components/SecurityPolicyCard.tsx';
import { SessionsCard } from '../components/SessionsCard.tsx';
import { TwoFactorCard } from '../components/TwoFactorCard.tsx';

/** The member's own security, beside the spec's profile editor: two-factor and where they are signed in. */
export default function SecuritySettingsPage() {
  const member = useCurrentMember();
  useDocumentTitle('Security');
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Security
      </Typography>
      <Stack spacing={3}>
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
        {member?.isAdmin && <SecurityPolicyCard />}
      </Stack>
    </Container>
  );
}
