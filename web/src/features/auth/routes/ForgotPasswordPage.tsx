import Typography from '@mui/material/Typography';
import { AuthCard } from '../components/AuthCard.tsx';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm.tsx';
import { TextLink } from '../components/TextLink.tsx';

export function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot Password" subtitle="Enter your email and we will send you a link to reset your password.">
      <ForgotPasswordForm />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it? <TextLink to="/signin">Back to sign in</TextLink>
      </Typography>
    </AuthCard>
  );
}
