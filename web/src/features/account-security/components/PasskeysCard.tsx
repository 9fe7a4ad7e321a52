import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_SECURITY_MESSAGES } from '@crucible/proto';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useAddPasskey } from '../api/add-passkey.ts';
import { usePasskeys } from '../api/list-passkeys.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Passkeys sign in without a password: the device unlocks them (fingerprint, face, PIN). */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const showToast = useToast();
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || 'Passkey', {
      onSuccess: () => {
        setName('');
        showToast({ severity: 'success', title: ACCOUNT_SECURITY_MESSAGES.passkeyAdded });
      },
    });
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Passkeys
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Sign in with your device&apos;s fingerprint, face or PIN instead of your password.
        </Typography>
        {passkeys.isPending && <ListSkeleton label="Loading passkeys" rows={1} />}
        {passkeys.data && passkeys.data.length > 0 && (
          <List aria-label="Passkeys">
            {passkeys.data.map((passkey) => (
              <ListItem
                key={passkey.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Remove ${passkey.name}`}
                    loading={remove.isPending && remove.variables === passkey.id}
                    onClick={() => remove.mutate(passkey.id)}
                  >
                    Remove
                  </Button>
                }
              >
                <ListItemText
                  primary={passkey.name}
                  secondary={`Added ${day(passkey.createdAt)}${passkey.lastUsedAt ? ` · last used ${day(passkey.lastUsedAt)}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={submit} sx={{ mt: 1 }}>
          <TextField
            size="small"
            label="Passkey name"
            placeholder="e.g. Work laptop"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <Button type="submit" variant="outlined" loading={add.isPending}>
            Add a Passkey
          </Button>
        </Stack>
        {add.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {add.error.name === 'NotAllowedError' ? 'The passkey was not created.' : add.error.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
