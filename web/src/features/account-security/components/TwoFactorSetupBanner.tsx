import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ACCOUNT_SECURITY_MESSAGES } from '@crucible/proto';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';

const STAFF_LEVELS = new Set(['Admin', 'Core']);

/** Asks Admin and Core members to set two-factor up while the community's policy requires it. */
export function TwoFactorSetupBanner() {
  const member = useCurrentMember();
  const { pathname } = useLocation();
  const isStaff = Boolean(member && (member.isAdmin || STAFF_LEVELS.has(member.accessLevel)));
  const status = useTwoFactorStatus(isStaff);
  if (!status.data?.setupRequired || pathname === '/settings/security') return null;
  return (
    <Alert
      severity="warning"
      square
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/settings/security">
          Set Up Now
        </Button>
      }
    >
      {ACCOUNT_SECURITY_MESSAGES.setUpTwoFactor}
    </Alert>
  );
}
