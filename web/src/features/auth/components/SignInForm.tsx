import { ACCOUNT_DELETION_MESSAGES } from '@crucible/proto';
import { useState } from 'react';
import { signInChecks } from './auth-form-checks.ts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.ts';
import { TwoFactorCodeForm } from './TwoFactorCodeForm.tsx';

export function SignInForm() {
  const form = useZodForm(signInChecks, { email: '', password: '' });
  const signIn = useSignIn();
  const passkeySignIn = useSignInWithPasskey();
  const showToast = useToast();
  const navigate = useNavigate();
  // Set while two-factor asks for a code: the password step is done, no session yet.
  const [challenge, setChallenge] = useState<string | null>(null);

  // A sign-in within the grace period of the member's own deletion restored the account: say so.
  const signedIn = ({ message }: { message: string }) => {
    showToast(
      message === ACCOUNT_DELETION_MESSAGES.restored
        ? { severity: 'success', title: 'Account restored', description: message }
        : { severity: 'success', title: 'Signed in successfully', description: 'Welcome back to Crucible!' },
    );
    navigate('/');
  };

  const submit = form.handleSubmit((request) =>
    signIn.mutate(request, {
      onSuccess: (response) => {
        if ('challenge' in response) setChallenge(response.challenge);
        else signedIn(response);
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          title: 'Sign in failed',
          description: error.message || 'Please check your credentials and try again.',
        }),
    }),
  );

  if (challenge) {
    return <TwoFactorCodeForm challenge={challenge} onSignedIn={signedIn} onCancel={() => setChallenge(null)} />;
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <OutlinedTextField {...form.field('email')} label="Email" type="email" autoComplete="email" required fullWidth />
      <OutlinedTextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
        Sign In
      </Button>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        loading={passkeySignIn.isPending}
        onClick={() =>
          passkeySignIn.mutate(undefined, {
            onSuccess: signedIn,
            onError: (error) =>
              showToast({
                severity: 'error',
                title: 'Sign in failed',
                description: error.name === 'NotAllowedError' ? 'The passkey was not used.' : error.message,
              }),
          })
        }
      >
        Use a Passkey
      </Button>
    </Stack>
  );
}
