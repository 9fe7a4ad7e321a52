import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PROJECT_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  taskCreateSchema,
  type ProjectPerson,
  type Task,
  type TaskStatus,
} from '@crucible/proto';
import { useState } from 'react';
import { useCreateTask } from '../api/create-task.ts';
import { useDeleteTask } from '../api/delete-task.ts';
import { useUpdateTask } from '../api/update-task.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { displayName, parentChoices, prerequisiteChoices, PROJECT_LIMITS } from '../task-rules.ts';
import { useProjectNotices } from '../use-project-notices.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TaskAttachments } from './TaskAttachments.tsx';
import { TaskComments } from './TaskComments.tsx';
import { TaskHistory } from './TaskHistory.tsx';

export interface TaskDialogTarget {
  /** 'create' from New Task, 'add' from a Kanban column (status fixed), 'edit' from a card or list. */
  mode: 'create' | 'add' | 'edit';
  task?: Task;
  status?: TaskStatus;
  /** Loaded when the edit dialog opens; empty when that failed. */
  prerequisites?: string[];
  assignees?: string[];
  /** The lists whose load failed: shown as such, and not sent unless the member changes them. */
  unloaded?: { prerequisites: boolean; assignees: boolean };
}

interface TaskDialogProps {
  projectId: string;
  target: TaskDialogTarget;
  projectTasks: Task[];
  /** Who may be newly assigned (auth's Core list). */
  coreUsers: ProjectPerson[];
  /** Anyone's name, also of assignees no longer Core and of admins. */
  userName: (id: string) => string;
  onClose: () => void;
}

/** The service's own refusal, said before sending. */
const START_AFTER_DUE = PROJECT_MESSAGES.startAfterDue;
const TITLES = { create: 'Create New Task', add: 'Add New Task', edit: 'Edit Task' } as const;
const NONE = 'none';
/**
 * The title is checked before sending, with the service's messages; status and priority come
 * typed from it. The description and the parent are left to the service, which answers with its
 * reason: the parent is picked from the project's own tasks, and the description is sent trimmed.
 */
const taskFormSchema = taskCreateSchema.pick({ title: true, status: true, priority: true });
const UNLOADED_TEXT = {
  assignees: "This task's assignees could not be loaded. They stay as they are unless you change them here.",
  prerequisites: "This task's prerequisites could not be loaded. They stay as they are unless you change them here.",
};

/** Rendered only while open (the parent mounts it per target), so its state starts fresh each time. */
export function TaskDialog({ projectId, target, projectTasks, coreUsers, userName, onClose }: TaskDialogProps) {
  const { task } = target;
  const form = useZodForm(taskFormSchema, {
    title: task?.title ?? '',
    description: task?.description ?? '',
    status: task?.status ?? target.status ?? 'To Do',
    priority: task?.priority ?? 'Medium',
    parentTaskId: task?.parentTaskId ?? NONE,
  });
  const [assignees, setAssignees] = useState<string[]>(target.assignees ?? task?.assignees ?? []);
  const [assigneesChanged, setAssigneesChanged] = useState(false);
  const [startDate, setStartDate] = useState<Dayjs | null>(task?.startDate ? dayjs(task.startDate) : null);
  const [dueDate, setDueDate] = useState<Dayjs | null>(task?.dueDate ? dayjs(task.dueDate) : null);
  const [completion, setCompletion] = useState(task?.completionPercentage ?? 0);
  const [prerequisites, setPrerequisitesState] = useState<string[]>(target.prerequisites ?? task?.prerequisites ?? []);
  const [prerequisitesChanged, setPrerequisitesChanged] = useState(false);
  const setPrerequisites = (ids: string[]) => {
    setPrerequisitesState(ids);
    setPrerequisitesChanged(true);
  };
  // A list that failed to load is sent only once the member changed it: saving the empty list the
  // dialog opened with would remove every stored assignee or prerequisite.
  const sendAssignees = !target.unloaded?.assignees || assigneesChanged;
  const sendPrerequisites = !target.unloaded?.prerequisites || prerequisitesChanged;
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const deleteTask = useDeleteTask();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { succeeded, failed } = useProjectNotices();

  const editing = target.mode === 'edit';
  const failureText = editing ? 'Failed to update task' : 'Failed to create task';
  const titleOf = (id: string) => projectTasks.find((candidate) => candidate.id === id)?.title ?? 'Unknown task';
  // Current assignees stay choosable (and named) when they are no longer on the Core list.
  const assigneeOptions = [
    ...coreUsers.map((user) => ({ id: user.id, name: displayName(user) })),
    ...assignees.filter((id) => !coreUsers.some((user) => user.id === id)).map((id) => ({ id, name: userName(id) })),
  ];
  const day = (value: Dayjs | null) => (value?.isValid() ? value.format('YYYY-MM-DD') : null);
  const datesReversed = Boolean(startDate && dueDate && day(startDate)! > day(dueDate)!);

  const submit = form.handleSubmit(({ title, status, priority }) => {
    if (datesReversed) return;
    const { description, parentTaskId } = form.values;
    const fields = {
      title,
      description: description.trim(),
      status,
      priority,
      // The service keeps the legacy single assignee as the list's first entry.
      ...(sendAssignees && { assignees }),
      parentTaskId: parentTaskId === NONE || parentTaskId === '' ? null : parentTaskId,
      startDate: day(startDate),
      dueDate: day(dueDate),
      completionPercentage: completion,
      ...(sendPrerequisites && { prerequisites }),
    };
    const outcome = {
      onSuccess: () => {
        succeeded(editing ? 'Task updated successfully' : 'Task created successfully');
        onClose();
      },
      // The notice shows inside this dialog (the toasts follow the top-most dialog): said once.
      onError: (error: Error) => failed(error, failureText),
    };
    if (task) updateTask.mutate({ taskId: task.id, task: fields }, outcome);
    else createTask.mutate({ projectId, task: fields }, outcome);
  });

  const remove = () => {
    if (!task) return;
    deleteTask.mutate(task.id, {
      onSuccess: () => {
        succeeded('Task deleted successfully');
        onClose();
      },
      onError: (error) => {
        setConfirmingDelete(false);
        failed(error, 'Failed to delete task');
      },
    });
  };

  const noCoreUsers = coreUsers.length === 0;
  const prerequisiteOptions = prerequisiteChoices(projectTasks, task?.id, prerequisites);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{TITLES[target.mode]}</DialogTitle>
        <DialogContent>
          <LocalizationProvider dateAdapter={AdapterDayjs}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField label="Title" {...form.field('title')} required autoFocus />
              <TextField label="Description" {...form.field('description')} multiline minRows={2} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormControl fullWidth disabled={target.mode === 'add'}>
                  <InputLabel id="task-status">Status</InputLabel>
                  <Select
                    labelId="task-status"
                    label="Status"
                    value={form.values.status}
                    onChange={(event) => form.setValue('status', event.target.value)}
                  >
                    {TASK_STATUSES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {value}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
                <FormControl fullWidth>
                  <InputLabel id="task-priority">Priority</InputLabel>
                  <Select
                    labelId="task-priority"
                    label="Priority"
                    value={form.values.priority}
                    onChange={(event) => form.setValue('priority', event.target.value)}
                  >
                    {TASK_PRIORITIES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {value}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              </Stack>
              <FormControl fullWidth disabled={assigneeOptions.length === 0}>
                <InputLabel id="task-assignees">Assignees</InputLabel>
                <Select
                  labelId="task-assignees"
                  label="Assignees"
                  multiple
                  value={assignees}
                  onChange={(event) => {
                    setAssignees(typeof event.target.value === 'string' ? [] : (event.target.value as string[]));
                    setAssigneesChanged(true);
                  }}
                  renderValue={(ids) => (ids as string[]).map(userName).join(', ')}
                >
                  {assigneeOptions.map((option) => (
                    <MenuItem key={option.id} value={option.id}>
                      {option.name}
                    </MenuItem>
                  ))}
                </Select>
                {noCoreUsers && <FormHelperText>No Core users available</FormHelperText>}
              </FormControl>
              {target.unloaded?.assignees && !assigneesChanged && (
                <Alert severity="warning">{UNLOADED_TEXT.assignees}</Alert>
              )}
              <FormControl fullWidth>
                <InputLabel id="task-parent">Parent Task</InputLabel>
                <Select
                  labelId="task-parent"
                  label="Parent Task"
                  value={form.values.parentTaskId}
                  onChange={(event) => form.setValue('parentTaskId', event.target.value)}
                >
                  <MenuItem value={NONE}>None</MenuItem>
                  {parentChoices(projectTasks, task?.id).map((candidate) => (
                    <MenuItem key={candidate.id} value={candidate.id}>
                      {candidate.title}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <DatePicker
                  label="Start Date"
                  value={startDate}
                  onChange={(value) => setStartDate(value)}
                  slotProps={{
                    field: { clearable: true },
                    textField: {
                      fullWidth: true,
                      error: datesReversed,
                      helperText: datesReversed ? START_AFTER_DUE : undefined,
                    },
                  }}
                />
                <DatePicker
                  label="Due Date"
                  value={dueDate}
                  onChange={(value) => setDueDate(value)}
                  slotProps={{ field: { clearable: true }, textField: { fullWidth: true } }}
                />
              </Stack>
              <Box>
                <Typography id="task-completion" gutterBottom>
                  Completion: {completion}%
                </Typography>
                <Slider
                  aria-labelledby="task-completion"
                  value={completion}
                  onChange={(_event, value) => setCompletion(value as number)}
                  step={PROJECT_LIMITS.completionStep}
                  min={0}
                  max={100}
                />
              </Box>
              <Box>
                <FormControl fullWidth>
                  <InputLabel id="task-prerequisites">Add Prerequisite</InputLabel>
                  <Select
                    labelId="task-prerequisites"
                    label="Add Prerequisite"
                    value=""
                    onChange={(event) => setPrerequisites([...prerequisites, event.target.value])}
                  >
                    {prerequisiteOptions.map((candidate) => (
                      <MenuItem key={candidate.id} value={candidate.id}>
                        {candidate.title}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                  {prerequisites.map((id) => (
                    <Chip
                      key={id}
                      label={titleOf(id)}
                      onDelete={() => setPrerequisites(prerequisites.filter((chosen) => chosen !== id))}
                    />
                  ))}
                </Stack>
              </Box>
              {target.unloaded?.prerequisites && !prerequisitesChanged && (
                <Alert severity="warning">{UNLOADED_TEXT.prerequisites}</Alert>
              )}
              {editing && task && <TaskAttachments taskId={task.id} />}
              {editing && task && <TaskComments taskId={task.id} members={coreUsers} />}
              {editing && task && <TaskHistory taskId={task.id} userName={userName} taskTitle={titleOf} />}
            </Stack>
          </LocalizationProvider>
        </DialogContent>
        <DialogActions>
          {editing && (
            <Button color="error" onClick={() => setConfirmingDelete(true)} sx={{ mr: 'auto' }}>
              Delete Task
            </Button>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={createTask.isPending || updateTask.isPending}>
            {editing ? 'Update Task' : 'Create Task'}
          </Button>
        </DialogActions>
      </form>
      {confirmingDelete && task && (
        <ConfirmDialog
          open
          title="Delete Task"
          message={`Delete '${task.title}'? This cannot be undone.`}
          confirmLabel="Delete"
          pending={deleteTask.isPending}
          onConfirm={remove}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </Dialog>
  );
}
