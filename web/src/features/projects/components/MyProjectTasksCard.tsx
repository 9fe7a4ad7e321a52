import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import { Button, Card, CardActions, CardContent, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useUserTasks } from '../api/get-user-tasks.ts';
import { dashboardTasks, parseDue, PROJECT_LIMITS, truncate } from '../task-rules.ts';

/**
 * The dashboard's My Project Tasks card: up to 5 tasks not Complete, assigned to the
 * member (GET /api/users/{userId}/tasks). The dashboard mounts it for Core members and admins only.
 */
export function MyProjectTasksCard({ userId }: { userId: string }) {
  const tasks = useUserTasks(userId);
  const shown = dashboardTasks(tasks.data ?? []);
  return (
    <Card variant="outlined" component="section" aria-labelledby="my-project-tasks-title">
      <CardContent>
        <Typography id="my-project-tasks-title" variant="h6" component="h2">
          My Project Tasks
        </Typography>
        {tasks.isPending ? (
          <ListSkeleton label="Loading tasks" rows={2} />
        ) : tasks.isError ? (
          <Typography color="error">Failed to load tasks</Typography>
        ) : shown.length === 0 ? (
          <EmptyState compact icon={<AssignmentTurnedInOutlinedIcon />} text="No tasks assigned" />
        ) : (
          <List dense>
            {shown.map((task) => (
              <ListItem key={task.id} disableGutters secondaryAction={<Chip size="small" label={task.status} />}>
                <ListItemText
                  primary={task.title}
                  secondary={[
                    task.description ? truncate(task.description, PROJECT_LIMITS.dashboardDescription) : null,
                    task.dueDate ? `Due ${parseDue(task.dueDate).toLocaleDateString()}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to="/projects">
          View All Tasks
        </Button>
      </CardActions>
    </Card>
  );
}
