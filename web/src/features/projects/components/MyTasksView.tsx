import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  InputLabel,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TASK_PRIORITIES, TASK_STATUSES, type Task } from '@crucible/proto';
import {
  DUE_FILTERS,
  filterMyTasks,
  isOverdue,
  myTaskSummary,
  NO_FILTERS,
  parseDue,
  sortMyTasks,
  type MyTaskFilters,
} from '../task-rules.ts';
import { EmptyTitle, NoTasksState } from './NoTasksState.tsx';

interface MyTasksViewProps {
  /** Already only the member's tasks (those listing them among their assignees). */
  tasks: Task[];
  now: Date;
  projectTitle: (projectId: string) => string;
  onEdit: (task: Task) => void;
  onNewTask: () => void;
}

const DUE_LABELS = {
  overdue: 'Overdue',
  today: 'Due today',
  tomorrow: 'Due tomorrow',
  'this-week': 'This week',
  'no-date': 'No due date',
} as const;

export function MyTasksView({ tasks, now, projectTitle, onEdit, onNewTask }: MyTasksViewProps) {
  const [filters, setFilters] = useState<MyTaskFilters>(NO_FILTERS);
  const summary = useMemo(() => myTaskSummary(tasks, now), [tasks, now]);
  const shown = useMemo(() => sortMyTasks(filterMyTasks(tasks, filters, now)), [tasks, filters, now]);
  const set = <Key extends keyof MyTaskFilters>(key: Key, value: MyTaskFilters[Key]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  const cards = [
    ['Total Tasks', summary.total],
    ['In Progress', summary.inProgress],
    ['To Do', summary.toDo],
    ['Review', summary.review],
    ['Complete', summary.complete],
    ['Overdue', summary.overdue],
  ] as const;

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(6, 1fr)' }, gap: 1 }}>
        {cards.map(([label, count]) => (
          <Card key={label} variant="outlined" aria-label={`${label}: ${count}`}>
            <CardContent>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h5">{count}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <TextField
          label="Search tasks"
          value={filters.search}
          onChange={(event) => set('search', event.target.value)}
          size="small"
        />
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id="my-status">Status</InputLabel>
          <Select
            labelId="my-status"
            label="Status"
            value={filters.status}
            onChange={(event) => set('status', event.target.value as MyTaskFilters['status'])}
          >
            <MenuItem value="all">All statuses</MenuItem>
            {TASK_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {status}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id="my-priority">Priority</InputLabel>
          <Select
            labelId="my-priority"
            label="Priority"
            value={filters.priority}
            onChange={(event) => set('priority', event.target.value as MyTaskFilters['priority'])}
          >
            <MenuItem value="all">All priorities</MenuItem>
            {TASK_PRIORITIES.map((priority) => (
              <MenuItem key={priority} value={priority}>
                {priority}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id="my-due">Due date</InputLabel>
          <Select
            labelId="my-due"
            label="Due date"
            value={filters.due}
            onChange={(event) => set('due', event.target.value as MyTaskFilters['due'])}
          >
            <MenuItem value="all">Any date</MenuItem>
            {DUE_FILTERS.map((due) => (
              <MenuItem key={due} value={due}>
                {DUE_LABELS[due]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button onClick={() => setFilters(NO_FILTERS)}>Clear</Button>
      </Stack>
      <Typography variant="h6" component="h3">
        My Tasks ({shown.length})
      </Typography>
      {tasks.length === 0 ? (
        <NoTasksState
          text={<EmptyTitle title="No tasks assigned" text="You don't have any tasks assigned to you yet." />}
          actionLabel="Add a Task"
          onAdd={onNewTask}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<FilterListOffIcon />}
          text={<EmptyTitle title="No matching tasks" text="Try adjusting your filters to see more tasks." />}
          action={<Button onClick={() => setFilters(NO_FILTERS)}>Clear Filters</Button>}
        />
      ) : (
        <List aria-label="My tasks">
          {shown.map((task) => (
            <ListItemButton key={task.id} onClick={() => onEdit(task)} divider>
              <ListItemText
                primary={task.title}
                secondary={[
                  projectTitle(task.projectId),
                  task.status,
                  task.priority ?? 'Medium',
                  task.dueDate ? `Due ${parseDue(task.dueDate).toLocaleDateString()}` : 'No due date',
                ].join(' · ')}
              />
              {isOverdue(task, now, true) && <Chip size="small" color="error" label="Overdue" />}
            </ListItemButton>
          ))}
        </List>
      )}
    </Stack>
  );
}
