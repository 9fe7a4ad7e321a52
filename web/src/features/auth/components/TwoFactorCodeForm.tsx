import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_SECURITY_MESSAGES } from '@crucible/proto';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useSignInWithTwoFactor } from '../api/sign-in-with-two-factor.ts';

interface TwoFactorCodeFormProps {
  challenge: string;
  onSignedIn: (response: { message: string }) => void;
  /** Back to e-mail and password (the challenge expired, or another account). */
  onCancel: () => void;
}

/** The second step of signing in with two-factor on: the app's six digits or a recovery code. */
export function TwoFactorCodeForm({ challenge, onSignedIn, onCancel }: TwoFactorCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useSignInWithTwoFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '') {
      setError(ACCOUNT_SECURITY_MESSAGES.codeRequired);
      return;
    }
    verify.mutate(
      { challenge, code: trimmed },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          setError(failure.message);
          if (failure.message === ACCOUNT_SECURITY_MESSAGES.challengeExpired) onCancel();
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <Typography>{ACCOUNT_SECURITY_MESSAGES.twoFactorRequired}.</Typography>
      <OutlinedTextField
        name="code"
        label="Authentication code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? 'Or one of your recovery codes'}
        autoComplete="one-time-code"
        autoFocus
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending}>
        Verify
      </Button>
      <Button onClick={onCancel}>Back to sign in</Button>
    </Stack>
  );
}
