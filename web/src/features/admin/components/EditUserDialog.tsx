import { ACCESS_LEVELS, adminUserPatchSchema, type AccessLevel, type AdminUser } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { failureDescription } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useUpdateAdminUser } from '../api/update-admin-user.ts';

interface UserForm {
  firstName: string;
  lastName: string;
  email: string;
  accessLevel: AccessLevel;
  isModerator: boolean;
}

const formOf = (user: AdminUser): UserForm => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  accessLevel: user.accessLevel,
  isModerator: user.isModerator,
});

/** Edit a user's names, e-mail, level and moderator flag (spec 3 section 7). */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onClose={onClose} fullWidth maxWidth="xs">
      {user && <EditUserForm key={user.id} user={user} onClose={onClose} />}
    </Dialog>
  );
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [form, setForm] = useState<UserForm>(() => formOf(user));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateAdminUser();
  const showToast = useToast();
  const set = <Key extends keyof UserForm>(key: Key, value: UserForm[Key]) =>
    setForm((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminUserPatchSchema.safeParse(form);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ADMIN_TEXTS.userUpdateFallback);
      return;
    }
    setProblem(null);
    update.mutate(
      { id: user.id, patch: parsed.data },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: ADMIN_TEXTS.userUpdated });
          onClose();
        },
        onError: (error) => {
          const description = failureDescription(error, ADMIN_TEXTS.userUpdateFallback);
          setProblem(description);
          showToast({ severity: 'error', title: ADMIN_TEXTS.userUpdateFailed, description });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>Edit User</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="First Name" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
          <TextField label="Last Name" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
          <TextField label="Email" type="email" value={form.email} onChange={(e) => set('email', e.target.value)} />
          <TextField
            select
            label="Access Level"
            value={form.accessLevel}
            onChange={(e) => set('accessLevel', e.target.value as AccessLevel)}
          >
            {ACCESS_LEVELS.map((level) => (
              <MenuItem key={level} value={level}>
                {level}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={form.isModerator} onChange={(e) => set('isModerator', e.target.checked)} />}
            label="Moderator"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save Changes
        </Button>
      </DialogActions>
    </form>
  );
}
