import { useState } from 'react';
import {
  ACCOUNT_DELETION,
  FORMER_MEMBER_NAME,
  deleteAccountFormSchema,
  deleteAccountRequestSchema,
  deleteAccountWithPasskeyFormSchema,
  type DeleteAccountRequest,
} from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useAccountDeletionStatus } from '../api/get-account-deletion-status.ts';
import { gracePeriodText } from './grace-period.ts';

const { confirmationWord, recentSignInMinutes } = ACCOUNT_DELETION;

type Confirmation = 'password' | 'passkey' | 'recent-sign-in';

/**
 * 'Delete my account': what happens is said before the member confirms (the grace period the
 * service is configured with, what is erased and what stays for others), then the typed word and
 * their password, or one of their passkeys, confirm it. A member with neither (external sign-in)
 * confirms by having signed in within the last minutes.
 */
export function DeleteAccountSection() {
  const status = useAccountDeletionStatus();
  const [chosen, setChosen] = useState<Confirmation | null>(null);
  const defaultWay: Confirmation = status.data?.hasPassword
    ? 'password'
    : status.data?.hasPasskeys
      ? 'passkey'
      : 'recent-sign-in';
  const confirmWith = chosen ?? defaultWay;
  const schema =
    confirmWith === 'password'
      ? deleteAccountFormSchema
      : confirmWith === 'passkey'
        ? deleteAccountWithPasskeyFormSchema
        : deleteAccountRequestSchema;
  const form = useZodForm<
    { password: string; confirmation: string },
    { password?: string; confirmation: DeleteAccountRequest['confirmation'] }
  >(schema, { password: '', confirmation: '' });
  const deleteAccount = useDeleteAccount();

  const submit = form.handleSubmit(({ password, confirmation }) =>
    deleteAccount.mutate(
      confirmWith === 'passkey'
        ? { with: 'passkey', confirmation }
        : { with: 'password', request: { confirmation, ...(password ? { password } : {}) } },
    ),
  );
  const otherWay: Confirmation | null = status.data?.hasPasskeys
    ? confirmWith === 'passkey'
      ? status.data.hasPassword
        ? 'password'
        : null
      : 'passkey'
    : null;

  const grace = status.data ? gracePeriodText(status.data.graceDays) : null;
  const failure =
    deleteAccount.error?.name === 'NotAllowedError' ? 'The passkey was not used.' : deleteAccount.error?.message;

  return (
    <Card component="section" aria-labelledby="delete-account-heading">
      <CardContent>
        <Typography id="delete-account-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          Delete account
        </Typography>
        {status.isError && <Alert severity="error">{status.error.message}</Alert>}
        {status.isPending && <Skeleton variant="rounded" height={120} aria-label="Loading account deletion" />}
        {grace && (
          <>
            <Stack spacing={1.5} sx={{ mb: 2.5 }}>
              <Typography>
                Your account is deactivated at once and you are signed out everywhere. After {grace} it is deleted for
                good: your profile, picture, skills and uploaded files are erased. Your forum posts and replies stay,
                shown as written by a &lsquo;{FORMER_MEMBER_NAME}&rsquo;, and the members you wrote to keep your
                conversations with them.
              </Typography>
              <Typography>Changed your mind? Sign in within {grace} and your account is restored as it was.</Typography>
              {confirmWith === 'recent-sign-in' && (
                <Typography color="text.secondary">
                  You sign in with an external provider: sign in again, then delete your account within{' '}
                  {recentSignInMinutes} minutes.
                </Typography>
              )}
            </Stack>
            <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Delete my account">
              {failure && <Alert severity="error">{failure}</Alert>}
              {confirmWith === 'password' && (
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
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <Button type="submit" variant="contained" color="error" loading={deleteAccount.isPending}>
                  {confirmWith === 'passkey' ? 'Confirm with a passkey' : 'Delete my account'}
                </Button>
                {otherWay && (
                  <Button type="button" onClick={() => setChosen(otherWay)} disabled={deleteAccount.isPending}>
                    {otherWay === 'passkey' ? 'Use a passkey instead' : 'Use my password instead'}
                  </Button>
                )}
              </Stack>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
