import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import { EXTERNAL_LOGIN_PATH } from '../../../lib/login-redirect.ts';

/** A plain link: the browser itself must go to the identity provider, not a fetch. */
export function ExternalLoginButton() {
  return (
    <Button href={EXTERNAL_LOGIN_PATH} variant="outlined" fullWidth startIcon={<LoginIcon />}>
      Continue with single sign-on
    </Button>
  );
}
