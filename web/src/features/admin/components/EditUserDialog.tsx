import { ACCESS_LEVELS, adminUserPatchSchema, type AccessLevel, type AdminUser } from '@crucible/proto';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useUpdateAdminUser } from '../api/update-admin-user.ts';
import { DialogForm } from './DialogForm.tsx';
import { LevelSelect } from './LevelSelect.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';

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

/** Edit a user's names, e-mail, level and moderator flag. */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onClose={onClose} fullWidth maxWidth="xs">
      {user && <EditUserForm key={user.id} user={user} onClose={onClose} />}
    </Dialog>
  );
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [form, setForm] = useState<UserForm>(() => formOf(user));
  const update = useUpdateAdminUser();
  const { problem, setProblem, callbacks } = useDialogOutcome({
    succeeded: ADMIN_TEXTS.userUpdated,
    failed: ADMIN_TEXTS.userUpdateFailed,
    fallback: ADMIN_TEXTS.userUpdateFallback,
    onClose,
  });
  const set = <Key extends keyof UserForm>(key: Key, value: UserForm[Key]) =>
    setForm((old) => ({ ...old, [key]: value }));

  const submit = () => {
    const parsed = adminUserPatchSchema.safeParse(form);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ADMIN_TEXTS.userUpdateFallback);
      return;
    }
    setProblem(null);
    update.mutate({ id: user.id, patch: parsed.data }, callbacks);
  };

  return (
    <DialogForm
      title="Edit User"
      problem={problem}
      submitLabel="Save Changes"
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label="First Name" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
        <TextField label="Last Name" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
        <TextField label="Email" type="email" value={form.email} onChange={(e) => set('email', e.target.value)} />
        <LevelSelect
          label="Access Level"
          value={form.accessLevel}
          levels={ACCESS_LEVELS}
          onChange={(level) => set('accessLevel', level)}
        />
        <FormControlLabel
          control={<Switch checked={form.isModerator} onChange={(e) => set('isModerator', e.target.checked)} />}
          label="Moderator"
        />
      </Stack>
    </DialogForm>
  );
}
