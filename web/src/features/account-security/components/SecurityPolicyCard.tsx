import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useSecurityPolicy } from '../api/get-security-policy.ts';
import { useUpdateSecurityPolicy } from '../api/update-security-policy.ts';

/** Admins only: whether Admin and Core members must use two-factor (asked at their next sign-in). */
export function SecurityPolicyCard() {
  const policy = useSecurityPolicy(true);
  const update = useUpdateSecurityPolicy();
  const showToast = useToast();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Community policy
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={policy.data?.requireTwoFactorForStaff ?? false}
              disabled={!policy.data || update.isPending}
              onChange={(event) =>
                update.mutate(event.target.checked, {
                  onError: (error) =>
                    showToast({ severity: 'error', title: 'Could not change the policy', description: error.message }),
                })
              }
            />
          }
          label="Require two-factor sign-in for Admin and Core members"
        />
        <Typography variant="body2" color="text.secondary">
          Members it applies to are asked to set it up when they next use Crucible.
        </Typography>
      </CardContent>
    </Card>
  );
}
