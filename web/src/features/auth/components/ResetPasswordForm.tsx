import { resetPasswordFormChecks } from './auth-form-checks.ts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useResetPassword } from '../api/reset-password.ts';

export function ResetPasswordForm({ token }: { token: string }) {
  const form = useZodForm(resetPasswordFormChecks, { password: '', confirmPassword: '' });
  const resetPassword = useResetPassword();
  const showToast = useToast();
  const navigate = useNavigate();

  const submit = form.handleSubmit(({ password }) => {
    // The link may carry an empty token (`?token=`): nothing to send the server.
    if (!token) {
      showToast({
        severity: 'error',
        title: 'Invalid reset link',
        description: 'The password reset link is invalid or missing a token.',
      });
      return;
    }
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          showToast({ severity: 'success', title: 'Password reset successful', description: message });
          navigate('/signin');
        },
        onError: (error) =>
          showToast({
            severity: 'error',
            title: 'Password reset failed',
            description: error.message || 'Please try again or request a new reset link.',
          }),
      },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <OutlinedTextField
        {...form.field('password')}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
      />
      <OutlinedTextField
        {...form.field('confirmPassword')}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={resetPassword.isPending}>
        Reset Password
      </Button>
    </Stack>
  );
}
