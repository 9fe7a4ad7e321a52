import Typography from '@mui/material/Typography';
import { AuthCard } from '../components/AuthCard.tsx';
import { ExternalLoginButton } from '../components/ExternalLoginButton.tsx';
import { OrDivider } from '../components/OrDivider.tsx';
import { SignUpForm } from '../components/SignUpForm.tsx';
import { TextLink } from '../components/TextLink.tsx';

export function SignUpPage() {
  return (
    <AuthCard title="Create Account" subtitle="Join the Crucible community.">
      <SignUpForm />
      <OrDivider />
      <ExternalLoginButton />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account? <TextLink to="/signin">Sign in</TextLink>
      </Typography>
    </AuthCard>
  );
}
