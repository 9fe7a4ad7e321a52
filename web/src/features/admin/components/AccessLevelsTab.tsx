import { accessLevelPatchSchema, type AccessLevelEntry } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { failureDescription } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useAccessLevels, useUpdateAccessLevelDescription } from '../api/access-levels.ts';
import { AdminTableContainer, QueryState, SectionHeader } from './TabSection.tsx';

/** Access Levels: the six levels; Core and admins edit descriptions, others only view (spec 3 section 6). */
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
      <QueryState
        isPending={levels.isPending}
        error={levels.error}
        failedText={ADMIN_TEXTS.accessLevelsLoadFailed}
        loadingLabel="Loading access levels"
        columns={3}
        onRetry={() => void levels.refetch()}
      >
        <AdminTableContainer label="Access levels">
          <Table size="small" aria-label="Access levels">
            <TableHead>
              <TableRow>
                <TableCell>Level</TableCell>
                <TableCell>Description</TableCell>
                {canEdit && <TableCell>Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {levels.data?.map((level) => (
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
              ))}
            </TableBody>
          </Table>
        </AdminTableContainer>
      </QueryState>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        {editing && <AccessLevelForm key={editing.value} level={editing} onClose={() => setEditing(null)} />}
      </Dialog>
    </>
  );
}

function AccessLevelForm({ level, onClose }: { level: AccessLevelEntry; onClose: () => void }) {
  const [description, setDescription] = useState(level.description);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateAccessLevelDescription();
  const showToast = useToast();
  const changed = description.trim() !== level.description;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accessLevelPatchSchema.safeParse({ description });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ADMIN_TEXTS.accessLevelFailed);
      return;
    }
    update.mutate(
      { value: level.value, description: parsed.data.description },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: ADMIN_TEXTS.descriptionUpdated });
          onClose();
        },
        onError: (error) => {
          const text = failureDescription(error);
          setProblem(text);
          showToast({ severity: 'error', title: ADMIN_TEXTS.accessLevelFailed, description: text });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>Edit Access Level</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!changed} loading={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
