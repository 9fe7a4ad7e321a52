import { accessLevelPatchSchema, type AccessLevelEntry } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useAccessLevels } from '../api/get-access-levels.ts';
import { useUpdateAccessLevelDescription } from '../api/update-access-level-description.ts';
import { AdminTable } from './AdminTable.tsx';
import { DialogForm } from './DialogForm.tsx';
import { SectionHeader } from './TabSection.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';

/** Access Levels: the six levels; Core and admins edit descriptions, others only view. */
export function AccessLevelsTab({ canEdit }: { canEdit: boolean }) {
  const levels = useAccessLevels();
  const [editing, setEditing] = useState<AccessLevelEntry | null>(null);

  return (
    <>
      <SectionHeader title="Access Levels" />
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {ADMIN_TEXTS.viewingMode}
        </Alert>
      )}
      <AdminTable
        query={levels}
        failedText={ADMIN_TEXTS.accessLevelsLoadFailed}
        loadingLabel="Loading access levels"
        label="Access levels"
        headings={canEdit ? ['Level', 'Description', 'Actions'] : ['Level', 'Description']}
        rows={levels.data}
        renderRow={(level) => (
          <TableRow key={level.value}>
            <TableCell sx={{ fontWeight: 600 }}>{level.label}</TableCell>
            <TableCell>{level.description}</TableCell>
            {canEdit && (
              <TableCell>
                <Button size="small" onClick={() => setEditing(level)} aria-label={`Edit ${level.label}`}>
                  Edit
                </Button>
              </TableCell>
            )}
          </TableRow>
        )}
      />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        {editing && <AccessLevelForm key={editing.value} level={editing} onClose={() => setEditing(null)} />}
      </Dialog>
    </>
  );
}

function AccessLevelForm({ level, onClose }: { level: AccessLevelEntry; onClose: () => void }) {
  const [description, setDescription] = useState(level.description);
  const update = useUpdateAccessLevelDescription();
  const { problem, setProblem, callbacks } = useDialogOutcome({
    succeeded: ADMIN_TEXTS.descriptionUpdated,
    failed: ADMIN_TEXTS.accessLevelFailed,
    onClose,
  });
  const changed = description.trim() !== level.description;

  const submit = () => {
    const parsed = accessLevelPatchSchema.safeParse({ description });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ADMIN_TEXTS.accessLevelFailed);
      return;
    }
    update.mutate({ value: level.value, description: parsed.data.description }, callbacks);
  };

  return (
    <DialogForm
      title="Edit Access Level"
      problem={problem}
      submitLabel="Save"
      pending={update.isPending}
      submitDisabled={!changed}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label="Name" value={level.label} disabled helperText="The name of a level cannot change." />
        <TextField
          label="Description"
          multiline
          minRows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Stack>
    </DialogForm>
  );
}
