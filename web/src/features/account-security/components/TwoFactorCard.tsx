import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoFactorSetup } from '@crucible/proto';
import { TextSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup.ts';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.tsx';

/** Scan, confirm with a first code, then the recovery codes once. */
function SetupSteps({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const enable = useEnableTwoFactor();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), { onSuccess: (result) => onEnabled(result.recoveryCodes) });
  };
  return (
    <Stack component="form" onSubmit={submit} spacing={2} sx={{ mt: 2 }}>
      <Typography>
        1. Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Authy), or type the
        key below into it.
      </Typography>
      <Box
        component="img"
        src={setup.qrCodeDataUrl}
        alt="QR code for your authenticator app"
        sx={{ width: 200, height: 200, alignSelf: 'center' }}
      />
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} aria-label="Set-up key">
        {setup.secret}
      </Typography>
      <Typography>2. Enter the 6-digit code the app shows.</Typography>
      <TextField
        label="Authentication code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={enable.isError}
        helperText={enable.error?.message}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={enable.isPending} disabled={code.trim().length !== 6}>
          Turn On
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** A current code (or recovery code), and the password where turning off asks for it. */
function CodeConfirmForm({
  label,
  withPassword,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  withPassword: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (values: { code: string; password: string }) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ mt: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ code: code.trim(), password });
      }}
    >
      {withPassword && (
        <TextField
          label="Password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
        />
      )}
      <TextField
        label="Authentication code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        helperText={error ?? 'From your app, or a recovery code'}
        error={error !== undefined}
        autoComplete="one-time-code"
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" color={withPassword ? 'error' : 'primary'} loading={pending}>
          {label}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

type Step = 'idle' | 'disable' | 'regenerate';

export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const showToast = useToast();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);

  const body = () => {
    if (status.isPending) return <TextSkeleton label="Loading two-factor sign-in" lines={2} />;
    if (status.isError)
      return (
        <Alert severity="error" action={<Button onClick={() => void status.refetch()}>Try Again</Button>}>
          Could not load your two-factor settings.
        </Alert>
      );
    const { enabled, available, recoveryCodesLeft, setupRequired } = status.data;
    if (!available)
      return (
        <Typography color="text.secondary">
          You sign in with an external provider, which owns your second factor.
        </Typography>
      );
    if (!enabled)
      return (
        <>
          {setupRequired && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Your community asks Admin and Core members to use two-factor sign-in.
            </Alert>
          )}
          <Typography color="text.secondary">
            Ask for a code from an authenticator app each time you sign in with your password.
          </Typography>
          {setup ? (
            <SetupSteps
              setup={setup}
              onCancel={() => setSetup(null)}
              onEnabled={(recoveryCodes) => {
                setSetup(null);
                setCodes(recoveryCodes);
                showToast({ severity: 'success', title: 'Two-factor sign-in is on' });
              }}
            />
          ) : (
            <Button
              variant="contained"
              sx={{ mt: 2 }}
              loading={start.isPending}
              onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
            >
              Set Up Two-Factor
            </Button>
          )}
          {start.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {start.error.message}
            </Alert>
          )}
        </>
      );
    return (
      <>
        <Typography color="text.secondary">
          Signing in with your password also asks for a code from your authenticator app. Recovery codes left:{' '}
          {recoveryCodesLeft}.
        </Typography>
        {step === 'idle' && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button onClick={() => setStep('regenerate')}>New Recovery Codes</Button>
            <Button color="error" onClick={() => setStep('disable')}>
              Turn Off
            </Button>
          </Stack>
        )}
        {step === 'regenerate' && (
          <CodeConfirmForm
            label="Make New Codes"
            withPassword={false}
            pending={regenerate.isPending}
            error={regenerate.error?.message}
            onCancel={() => setStep('idle')}
            onSubmit={({ code }) =>
              regenerate.mutate(code, {
                onSuccess: (result) => {
                  setStep('idle');
                  setCodes(result.recoveryCodes);
                },
              })
            }
          />
        )}
        {step === 'disable' && (
          <CodeConfirmForm
            label="Turn Off"
            withPassword
            pending={disable.isPending}
            error={disable.error?.message}
            onCancel={() => setStep('idle')}
            onSubmit={(values) =>
              disable.mutate(values, {
                onSuccess: () => {
                  setStep('idle');
                  showToast({ severity: 'info', title: 'Two-factor sign-in is off' });
                },
              })
            }
          />
        )}
      </>
    );
  };

  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Two-factor sign-in
          </Typography>
          {status.data?.enabled && <Chip size="small" color="success" label="On" />}
        </Stack>
        {body()}
      </CardContent>
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Card>
  );
}
