import AddIcon from '@mui/icons-material/Add';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** An empty state's title above its sentence, where there are both (My Tasks, No Projects Yet). */
export function EmptyTitle({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600, color: 'text.primary' }}>
        {title}
      </Box>
      {text}
    </>
  );
}

export const NO_PROJECT_TASKS_TEXT = 'This project has no tasks yet.';

/** A task view with nothing to show: what it lacks, and the button that adds the first task. */
export function NoTasksState({
  text = NO_PROJECT_TASKS_TEXT,
  actionLabel = 'Add First Task',
  onAdd,
}: {
  text?: ReactNode;
  actionLabel?: string;
  onAdd: () => void;
}) {
  return (
    <EmptyState
      icon={<AssignmentOutlinedIcon />}
      text={text}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          {actionLabel}
        </Button>
      }
    />
  );
}
