import { requestPasswordResetChecks } from './auth-form-checks.ts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export function ForgotPasswordForm() {
  const form = useZodForm(requestPasswordResetChecks, { email: '' });
  const requestReset = useRequestPasswordReset();
  const showToast = useToast();

  const submit = form.handleSubmit((request) =>
    requestReset.mutate(request, {
      onSuccess: ({ message }) => {
        showToast({ severity: 'success', title: 'Password reset email sent', description: message });
        form.reset();
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          title: 'Request failed',
          description: error.message || 'Please try again later.',
        }),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <OutlinedTextField {...form.field('email')} label="Email" type="email" autoComplete="email" required fullWidth />
      <Button type="submit" variant="contained" size="large" fullWidth loading={requestReset.isPending}>
        Send Reset Email
      </Button>
    </Stack>
  );
}
