import { changePasswordFormSchema } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const form = useZodForm(changePasswordFormSchema, EMPTY);
  const [signOutOtherSessions, setSignOutOtherSessions] = useState(false);
  const changePassword = useChangePassword();
  const showToast = useToast();

  const submit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword, signOutOtherSessions },
      {
        onSuccess: ({ message }) => {
          form.reset();
          setSignOutOtherSessions(false);
          showToast({ severity: 'success', title: 'Password changed', description: message });
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Change password">
      {changePassword.isError && <Alert severity="error">{changePassword.error.message}</Alert>}
      <OutlinedTextField
        {...form.field('currentPassword')}
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        fullWidth
      />
      <OutlinedTextField
        {...form.field('newPassword')}
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
      <FormControlLabel
        control={
          <Checkbox
            checked={signOutOtherSessions}
            onChange={(event) => setSignOutOtherSessions(event.target.checked)}
          />
        }
        label="Sign out of all other devices"
      />
      <Button type="submit" variant="contained" loading={changePassword.isPending} sx={{ alignSelf: 'flex-start' }}>
        Change Password
      </Button>
    </Stack>
  );
}
