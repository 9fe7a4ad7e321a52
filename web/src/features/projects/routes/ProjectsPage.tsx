import type { Task, TaskStatus } from '@crucible/proto';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import { Alert, AlertTitle, Box, Button, Container, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TableSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCoreUsers } from '../api/get-core-users.ts';
import { useProjectPeople } from '../api/get-project-people.ts';
import { useProjects } from '../api/get-projects.ts';
import { useAllTasks } from '../api/get-project-tasks.ts';
import { getTaskAssignees } from '../api/get-task-assignees.ts';
import { getTaskPrerequisites } from '../api/get-task-prerequisites.ts';
import { useDeleteProject } from '../api/delete-project.ts';
import { useMoveTask } from '../api/move-task.ts';
import { useMoveTaskDates } from '../api/move-task-dates.ts';
import { useOrderBoardColumn } from '../api/order-board-column.ts';
import { CalendarView } from '../components/CalendarView.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { GanttView } from '../components/GanttView.tsx';
import { KanbanBoard } from '../components/KanbanBoard.tsx';
import { MyTasksView } from '../components/MyTasksView.tsx';
import { ProjectDialog } from '../components/ProjectDialog.tsx';
import { EmptyTitle } from '../components/NoTasksState.tsx';
import { ProjectsTable } from '../components/ProjectsTable.tsx';
import { TaskDialog, type TaskDialogTarget } from '../components/TaskDialog.tsx';
import { displayName, myTasks, projectAssignees, projectCompletion } from '../task-rules.ts';
import { useProjectNotices } from '../use-project-notices.ts';

const TABS = ['Kanban', 'Gantt', 'Calendar', 'My Tasks'] as const;
type TabName = (typeof TABS)[number];

/** 'Loading...' while loading; it names the skeleton shaped like the projects table. */
const LOADING_TEXT = 'Loading...';
const PROJECT_TABLE_COLUMNS = 5;

/** A shared link to a task that was deleted, or whose project is gone. */
const TASK_NOT_FOUND_TEXT = 'That task no longer exists.';

export const ACCESS_DENIED_TEXT = 'Project management is available only to Core and Admin users.';

export default function ProjectsPage() {
  useDocumentTitle('Projects');
  const member = useCurrentMember();
  const permitted = Boolean(member && (member.accessLevel === 'Core' || member.isAdmin));

  if (member === undefined)
    return (
      <Container maxWidth="xl" sx={{ py: 3 }}>
        <TableSkeleton label={LOADING_TEXT} columns={PROJECT_TABLE_COLUMNS} />
      </Container>
    );
  if (!permitted) return <AccessDenied />;
  return <ProjectManagement memberId={member?.id ?? ''} isAdmin={Boolean(member?.isAdmin)} />;
}

function AccessDenied() {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: 'Access Denied', description: ACCESS_DENIED_TEXT, severity: 'error' });
    navigate('/', { replace: true });
  }, [toast, navigate]);
  return (
    <Container sx={{ py: 3 }}>
      <Alert severity="error">
        <AlertTitle>Access Denied</AlertTitle>
        {ACCESS_DENIED_TEXT}
      </Alert>
    </Container>
  );
}

function ProjectManagement({ memberId, isAdmin }: { memberId: string; isAdmin: boolean }) {
  // One clock reading per visit: the views' "today" does not shift while the page is open.
  const [now] = useState(() => new Date());
  const projects = useProjects(true);
  const coreUsers = useCoreUsers(true);
  const people = useProjectPeople(true);
  const projectList = useMemo(() => projects.data ?? [], [projects.data]);
  const { byProject, isPending: tasksPending } = useAllTasks(projectList);
  // The selected project and the open task live in the URL (?project={id}&task={id}), so a task can
  // be shared and a notification can point to it; opening such a link selects and opens them.
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('project');
  const linkedTaskId = searchParams.get('task');
  const setSelectedId = useCallback(
    (projectId: string | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (projectId) next.set('project', projectId);
        else next.delete('project');
        next.delete('task');
        return next;
      }),
    [setSearchParams],
  );
  const setLinkedTask = useCallback(
    (task: Pick<Task, 'id' | 'projectId'> | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (task) {
            if (!next.get('project')) next.set('project', task.projectId);
            next.set('task', task.id);
          } else next.delete('task');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const [tab, setTab] = useState<TabName>('Kanban');
  const [projectDialogOpen, setProjectDialogOpen] = useState(false);
  const [taskTarget, setTaskTarget] = useState<(TaskDialogTarget & { projectId: string }) | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const moveTask = useMoveTask();
  const moveTaskDates = useMoveTaskDates();
  const { mutate: mutateOrder } = useOrderBoardColumn();
  const deleteProject = useDeleteProject();
  const { succeeded, failed } = useProjectNotices();
  const toast = useToast();

  const users = useMemo(() => coreUsers.data ?? [], [coreUsers.data]);
  // Names of everyone a task may list: the service's (assignees no longer Core, admins) and auth's Core list.
  const names = useMemo(
    () => new Map([...(people.data ?? []), ...users].map((user) => [user.id, displayName(user)])),
    [people.data, users],
  );
  const userName = useCallback((id: string) => names.get(id) ?? 'Unknown User', [names]);
  const rows = useMemo(
    () =>
      projectList.map((project) => {
        const tasks = byProject.get(project.id) ?? [];
        return { project, assigneeNames: projectAssignees(tasks).map(userName), completion: projectCompletion(tasks) };
      }),
    [projectList, byProject, userName],
  );
  const selected = projectList.find((project) => project.id === selectedId);
  const selectedTasks = useMemo(() => (selectedId ? (byProject.get(selectedId) ?? []) : []), [byProject, selectedId]);
  const allTasks = useMemo(() => [...byProject.values()].flat(), [byProject]);
  const mine = useMemo(() => myTasks(allTasks, memberId), [allTasks, memberId]);

  // A card or list row puts the task in the URL; the effect below opens whatever task the URL names.
  const openEdit = useCallback((task: Task) => setLinkedTask(task), [setLinkedTask]);
  const openTaskId = taskTarget?.mode === 'edit' ? taskTarget.task?.id : undefined;
  // The task whose lists are being read: the task list is rebuilt on every render, so the effect
  // runs often and must not start a second read (or drop the first) for the same link.
  const loadingTaskId = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedTaskId) {
      loadingTaskId.current = null;
      return;
    }
    if (linkedTaskId === openTaskId || linkedTaskId === loadingTaskId.current) return;
    if (projects.isPending || tasksPending) return;
    const task = allTasks.find((candidate) => candidate.id === linkedTaskId);
    if (!task) {
      toast({ title: 'Error', description: TASK_NOT_FOUND_TEXT, severity: 'error' });
      setLinkedTask(null);
      return;
    }
    loadingTaskId.current = task.id;
    // If these reads fail the dialog opens with empty lists (and says so).
    void Promise.all([getTaskPrerequisites(task.id), getTaskAssignees(task.id)]).then(([prerequisites, assignees]) => {
      if (loadingTaskId.current !== task.id) return;
      loadingTaskId.current = null;
      setTaskTarget({
        mode: 'edit',
        task,
        prerequisites: prerequisites ?? [],
        assignees: assignees ?? [],
        unloaded: { prerequisites: prerequisites === null, assignees: assignees === null },
        projectId: task.projectId,
      });
    });
  }, [linkedTaskId, openTaskId, allTasks, projects.isPending, tasksPending, toast, setLinkedTask]);
  // An edit dialog shows only while the URL names its task (going back in history closes it).
  const shownTarget = taskTarget && (taskTarget.mode !== 'edit' || openTaskId === linkedTaskId) ? taskTarget : null;
  const closeTaskDialog = () => {
    if (taskTarget?.mode === 'edit') setLinkedTask(null);
    setTaskTarget(null);
  };

  const move = useCallback(
    (task: Task, status: TaskStatus) =>
      moveTask.mutate(
        { projectId: task.projectId, taskId: task.id, status },
        {
          onSuccess: () => succeeded('Task updated successfully'),
          onError: (error) => failed(error, 'Failed to update task'),
        },
      ),
    [moveTask, succeeded, failed],
  );
  const reorder = useCallback(
    (status: TaskStatus, taskIds: string[]) => {
      if (!selectedId) return;
      mutateOrder(
        { projectId: selectedId, status, taskIds },
        { onError: (error) => failed(error, 'Failed to update task') },
      );
    },
    [mutateOrder, selectedId, failed],
  );

  const moveDates = useCallback(
    (task: Task, dates: { startDate: string | null; dueDate: string }) =>
      moveTaskDates.mutate(
        { projectId: task.projectId, taskId: task.id, ...dates },
        {
          onSuccess: () => succeeded('Task updated successfully'),
          onError: (error) => failed(error, 'Failed to update task'),
        },
      ),
    [moveTaskDates, succeeded, failed],
  );

  const canManage = Boolean(selected && (isAdmin || selected.ownerId === memberId));
  const removeProject = () => {
    if (!selected) return;
    deleteProject.mutate(selected.id, {
      onSuccess: () => {
        succeeded('Project deleted successfully');
        setConfirmingDelete(false);
        setSelectedId(null);
      },
      onError: (error) => {
        setConfirmingDelete(false);
        failed(error, 'Failed to delete project');
      },
    });
  };

  const newTask = () => {
    if (selected) setTaskTarget({ mode: 'create', projectId: selected.id });
  };
  const projectTitle = (id: string) => projectList.find((project) => project.id === id)?.title ?? '';

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1">
          Project Management
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setProjectDialogOpen(true)}>
          New Project
        </Button>
      </Stack>

      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Projects Overview
      </Typography>
      {projects.isPending ? (
        <TableSkeleton label={LOADING_TEXT} columns={PROJECT_TABLE_COLUMNS} />
      ) : projects.isError ? (
        <Alert severity="error">Failed to load projects</Alert>
      ) : projectList.length === 0 ? (
        <EmptyState
          icon={<CreateNewFolderOutlinedIcon />}
          text={
            <EmptyTitle title="No Projects Yet" text="A project holds tasks on a board, a timeline and a calendar." />
          }
          action={
            <Button variant="contained" onClick={() => setProjectDialogOpen(true)}>
              Create First Project
            </Button>
          }
        />
      ) : (
        <ProjectsTable rows={rows} selectedId={selectedId} onSelect={setSelectedId} />
      )}

      {selected && (
        <Box component="section" aria-label={`${selected.title} tasks`} sx={{ mt: 4 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="h5" component="h2">
              {selected.title}
            </Typography>
            <Stack direction="row" spacing={1}>
              {canManage && <Button onClick={() => setRenaming(true)}>Rename Project</Button>}
              {canManage && (
                <Button color="error" onClick={() => setConfirmingDelete(true)}>
                  Delete Project
                </Button>
              )}
              <Button variant="contained" startIcon={<AddIcon />} onClick={newTask}>
                New Task
              </Button>
            </Stack>
          </Stack>
          <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} sx={{ mb: 2 }}>
            {TABS.map((name) => (
              <Tab key={name} value={name} label={name} />
            ))}
          </Tabs>
          {tab === 'Kanban' && (
            <KanbanBoard
              tasks={selectedTasks}
              userName={userName}
              onAdd={(status) => setTaskTarget({ mode: 'add', status, projectId: selected.id })}
              onEdit={openEdit}
              onMove={move}
              onReorder={reorder}
            />
          )}
          {tab === 'Gantt' && (
            <GanttView tasks={selectedTasks} now={now} onEdit={openEdit} onNewTask={newTask} onMoveDates={moveDates} />
          )}
          {tab === 'Calendar' && <CalendarView tasks={selectedTasks} now={now} onEdit={openEdit} onNewTask={newTask} />}
          {tab === 'My Tasks' && (
            <MyTasksView tasks={mine} now={now} projectTitle={projectTitle} onEdit={openEdit} onNewTask={newTask} />
          )}
        </Box>
      )}

      <ProjectDialog
        open={projectDialogOpen}
        onClose={() => setProjectDialogOpen(false)}
        onCreated={(projectId) => setSelectedId(projectId)}
      />
      {renaming && selected && (
        <ProjectDialog open project={selected} onClose={() => setRenaming(false)} onCreated={() => undefined} />
      )}
      {confirmingDelete && selected && (
        <ConfirmDialog
          open
          title="Delete Project"
          message={`Delete '${selected.title}' and all of its tasks? This cannot be undone.`}
          confirmLabel="Delete"
          pending={deleteProject.isPending}
          onConfirm={removeProject}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
      {shownTarget && (
        <TaskDialog
          key={shownTarget.task?.id ?? shownTarget.mode}
          projectId={shownTarget.projectId}
          target={shownTarget}
          projectTasks={byProject.get(shownTarget.projectId) ?? []}
          coreUsers={users}
          userName={userName}
          onClose={closeTaskDialog}
        />
      )}
    </Container>
  );
}
