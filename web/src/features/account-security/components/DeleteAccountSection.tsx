import {
  ACCOUNT_DELETION,
  FORMER_MEMBER_NAME,
  deleteAccountFormSchema,
  deleteAccountRequestSchema,
} from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

const { confirmationWord, defaultGraceDays: graceDays, recentSignInMinutes } = ACCOUNT_DELETION;

/**
 * 'Delete my account': what happens is said before the member confirms (the grace period, what is
 * erased and what stays for others), then their password and the typed word confirm it. A member
 * without a password (external sign-in) confirms by having signed in within the last minutes.
 */
export function DeleteAccountSection() {
  const member = useCurrentMember();
  const hasPassword = member?.authProvider === 'email';
  const form = useZodForm(hasPassword ? deleteAccountFormSchema : deleteAccountRequestSchema, {
    password: '',
    confirmation: '',
  });
  const deleteAccount = useDeleteAccount();

  const submit = form.handleSubmit((request) => deleteAccount.mutate(request));

  return (
    <Card component="section" aria-labelledby="delete-account-heading">
      <CardContent>
        <Typography id="delete-account-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          Delete account
        </Typography>
        <Stack spacing={1.5} sx={{ mb: 2.5 }}>
          <Typography>
            Your account is deactivated at once and you are signed out everywhere. After {graceDays} days it is deleted
            for good: your profile, picture, skills and uploaded files are erased. Your forum posts and replies stay,
            shown as written by a &lsquo;{FORMER_MEMBER_NAME}&rsquo;, and the members you wrote to keep your
            conversations with them.
          </Typography>
          <Typography>
            Changed your mind? Sign in within {graceDays} days and your account is restored as it was.
          </Typography>
          {!hasPassword && (
            <Typography color="text.secondary">
              You sign in with an external provider: sign in again, then delete your account within{' '}
              {recentSignInMinutes} minutes.
            </Typography>
          )}
        </Stack>
        <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Delete my account">
          {deleteAccount.isError && <Alert severity="error">{deleteAccount.error.message}</Alert>}
          {hasPassword && (
            <OutlinedTextField
              {...form.field('password')}
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              fullWidth
            />
          )}
          <OutlinedTextField
            {...form.field('confirmation')}
            label={`Confirm by typing ${confirmationWord}`}
            autoComplete="off"
            required
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            color="error"
            loading={deleteAccount.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            Delete my account
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
