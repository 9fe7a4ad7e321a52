import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import { EXTERNAL_LOGIN_PATH, startExternalLogin } from '../../../lib/login-redirect.ts';

/** A link: the browser itself must go to the identity provider, not a fetch; the press records this tab's one-time state first. */
export function ExternalLoginButton() {
  return (
    <Button
      href={EXTERNAL_LOGIN_PATH}
      onClick={(event) => {
        event.preventDefault();
        window.location.assign(startExternalLogin());
      }}
      variant="outlined"
      fullWidth
      startIcon={<LoginIcon />}
    >
      Continue with single sign-on
    </Button>
  );
}
