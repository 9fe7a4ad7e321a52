import { Alert, Box, Button, Typography } from '@mui/material';
import { useTaskHistory } from '../api/get-task-history.ts';
import { describeHistoryEntry, historyNewestFirst } from '../task-rules.ts';

interface TaskHistoryProps {
  taskId: string;
  userName: (id: string) => string;
  taskTitle: (id: string) => string;
}

/** The Edit Task dialog's history: what the service recorded of every change, newest first. */
export function TaskHistory({ taskId, userName, taskTitle }: TaskHistoryProps) {
  const history = useTaskHistory(taskId);
  const entries = historyNewestFirst(history.data ?? []);
  return (
    <Box component="section" aria-labelledby={`task-history-${taskId}`}>
      <Typography id={`task-history-${taskId}`} variant="subtitle2" component="h3">
        History
      </Typography>
      {history.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              Retry
            </Button>
          }
        >
          The task&apos;s history could not be loaded.
        </Alert>
      )}
      {history.isPending && (
        <Typography variant="body2" color="text.secondary">
          Loading...
        </Typography>
      )}
      <Box
        component="ol"
        aria-label="Task history"
        sx={{ p: 0, m: 0, listStyle: 'none', maxHeight: 180, overflowY: 'auto' }}
      >
        {entries.map((entry) => (
          <Box component="li" key={entry.id} sx={{ py: 0.25 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <strong>{userName(entry.userId)}</strong>{' '}
              {describeHistoryEntry(entry, { user: userName, task: taskTitle })}
              <Typography component="span" variant="caption" color="text.secondary">
                {' · '}
                {new Date(entry.createdAt).toLocaleString()}
              </Typography>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
