import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { Project } from '@crucible/proto';
import { useCreateProject } from '../api/create-project.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { useProjectNotices } from '../use-project-notices.ts';

interface ProjectDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (projectId: string) => void;
  /** Given when renaming: the dialog edits this project instead of creating one. */
  project?: Project;
}

export function ProjectDialog({ open, onClose, onCreated, project }: ProjectDialogProps) {
  const [title, setTitle] = useState(project?.title ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const failureText = project ? 'Failed to update project' : 'Failed to create project';
  const { succeeded, failed } = useProjectNotices();

  const close = () => {
    setTitle('');
    setDescription('');
    setTitleError(null);
    setFailure(null);
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError('Title is required');
      return;
    }
    const fields = { title: title.trim(), description: description.trim() };
    if (project) {
      updateProject.mutate(
        { projectId: project.id, ...fields },
        {
          onSuccess: () => {
            succeeded('Project updated successfully');
            close();
          },
          onError: (error) => {
            setFailure(failureText);
            failed(error, failureText);
          },
        },
      );
      return;
    }
    createProject.mutate(fields, {
      onSuccess: (project) => {
        succeeded('Project created successfully');
        onCreated(project.id);
        close();
      },
      onError: (error) => {
        setFailure('Failed to create project');
        failed(error, 'Failed to create project');
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{project ? 'Edit Project' : 'Create New Project'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Title"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={Boolean(titleError)}
              helperText={titleError}
              required
              autoFocus
            />
            <TextField
              label="Description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              minRows={3}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={createProject.isPending || updateProject.isPending}>
            {project ? 'Save Project' : 'Create Project'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
