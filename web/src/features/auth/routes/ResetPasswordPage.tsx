import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '../components/AuthCard.tsx';
import { InvalidResetLinkCard } from '../components/InvalidResetLinkCard.tsx';
import { ResetPasswordForm } from '../components/ResetPasswordForm.tsx';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token === null) return <InvalidResetLinkCard />;
  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password of at least 8 characters.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
