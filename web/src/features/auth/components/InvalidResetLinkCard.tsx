import { AUTH_MESSAGES } from '@crucible/proto';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './AuthCard.tsx';

export function InvalidResetLinkCard() {
  return (
    <AuthCard title="Invalid Reset Link">
      <Typography sx={{ mb: 3 }}>{AUTH_MESSAGES.resetTokenInvalid}</Typography>
      <Stack spacing={1.5}>
        <Button component={RouterLink} to="/forgot-password" variant="contained" fullWidth>
          Request New Reset Link
        </Button>
        <Button component={RouterLink} to="/signin" variant="outlined" fullWidth>
          Back to Sign In
        </Button>
      </Stack>
    </AuthCard>
  );
}
