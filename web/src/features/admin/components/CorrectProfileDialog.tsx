import Dialog from '@mui/material/Dialog';
import TextField from '@mui/material/TextField';
import type { Profile, ProfilePatch } from '@crucible/proto';
import { useState } from 'react';
import { useCorrectMemberProfile } from '../api/correct-member-profile.ts';
import { DialogForm } from './DialogForm.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';

const FIELDS = [
  ['jobTitle', 'Job title', false],
  ['currentLocation', 'Current location', false],
  ['bio', 'Bio', true],
] as const satisfies readonly (readonly [keyof ProfilePatch & keyof Profile, string, boolean])[];

/**
 * An admin's correction of a member's profile fields (job title, location, bio); only the changed
 * fields are sent, and the profile service records the edit in the audit log with the admin's name.
 */
export function CorrectProfileDialog({
  profile,
  name,
  onClose,
}: {
  profile: Profile;
  name: string;
  onClose: () => void;
}) {
  const correct = useCorrectMemberProfile(profile.id);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map(([field]) => [field, profile[field] ?? ''])),
  );
  const { problem, callbacks } = useDialogOutcome({
    succeeded: 'Profile corrected',
    failed: 'Error correcting the profile',
    onClose,
  });
  const changed = Object.fromEntries(
    FIELDS.filter(([field]) => values[field] !== (profile[field] ?? '')).map(([field]) => [field, values[field]]),
  ) as ProfilePatch;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogForm
        title={`Correct the profile of ${name}`}
        problem={problem}
        submitLabel="Save correction"
        pending={correct.isPending}
        submitDisabled={Object.keys(changed).length === 0}
        onSubmit={() => correct.mutate(changed, callbacks)}
        onClose={onClose}
      >
        {FIELDS.map(([field, label, multiline]) => (
          <TextField
            key={field}
            label={label}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            fullWidth
            sx={{ mt: 2 }}
          />
        ))}
      </DialogForm>
    </Dialog>
  );
}
