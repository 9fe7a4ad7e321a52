import { signUpChecks } from './auth-form-checks.ts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OutlinedTextField } from '../../../components/OutlinedTextField.tsx';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSignUp } from '../api/sign-up.ts';

export function SignUpForm() {
  const form = useZodForm(signUpChecks, { firstName: '', lastName: '', email: '', password: '' });
  const signUp = useSignUp();
  const showToast = useToast();
  const navigate = useNavigate();

  const submit = form.handleSubmit((request) =>
    signUp.mutate(request, {
      onSuccess: ({ emailSent }) => {
        showToast({
          severity: 'success',
          title: 'Account created successfully',
          description: emailSent
            ? 'Please check your email to verify your account.'
            : 'Welcome to Crucible! You are now signed in.',
        });
        navigate('/');
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          title: 'Account creation failed',
          description: error.message || 'Please try again later.',
        }),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <OutlinedTextField
          {...form.field('firstName')}
          label="First name"
          autoComplete="given-name"
          required
          fullWidth
        />
        <OutlinedTextField
          {...form.field('lastName')}
          label="Last name"
          autoComplete="family-name"
          required
          fullWidth
        />
      </Stack>
      <OutlinedTextField {...form.field('email')} label="Email" type="email" autoComplete="email" required fullWidth />
      <OutlinedTextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={signUp.isPending}>
        Create Account
      </Button>
    </Stack>
  );
}
