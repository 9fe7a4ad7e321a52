import { signInChecks } from './auth-form-checks.ts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSignIn } from '../api/sign-in.ts';

export function SignInForm() {
  const form = useZodForm(signInChecks, { email: '', password: '' });
  const signIn = useSignIn();
  const showToast = useToast();
  const navigate = useNavigate();

  const submit = form.handleSubmit((request) =>
    signIn.mutate(request, {
      onSuccess: () => {
        showToast({ severity: 'success', title: 'Signed in successfully', description: 'Welcome back to Crucible!' });
        navigate('/');
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          title: 'Sign in failed',
          description: error.message || 'Please check your credentials and try again.',
        }),
    }),
  );

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
    </Stack>
  );
}
