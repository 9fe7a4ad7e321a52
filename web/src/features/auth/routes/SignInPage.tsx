import Typography from '@mui/material/Typography';
import { AuthCard } from '../components/AuthCard.tsx';
import { ExternalLoginButton } from '../components/ExternalLoginButton.tsx';
import { OrDivider } from '../components/OrDivider.tsx';
import { SignInForm } from '../components/SignInForm.tsx';
import { SignInNotice } from '../components/SignInNotice.tsx';
import { TextLink } from '../components/TextLink.tsx';

export function SignInPage() {
  return (
    <AuthCard title="Sign In" subtitle="Welcome back to Crucible.">
      <SignInNotice />
      <SignInForm />
      <Typography sx={{ mt: 1.5, textAlign: 'right' }}>
        <TextLink to="/forgot-password">Forgot password?</TextLink>
      </Typography>
      <OrDivider />
      <ExternalLoginButton />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Don&apos;t have an account? <TextLink to="/signup">Create one</TextLink>
      </Typography>
    </AuthCard>
  );
}
