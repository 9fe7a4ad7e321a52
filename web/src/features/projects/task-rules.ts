import {
  displayName as nameOf,
  type Project,
  type ProjectPerson,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from '@crucible/proto';

/** The project pages' fixed numbers: steps, drag thresholds, the timeline's window, list sizes. */
export const PROJECT_LIMITS = {
  completionStep: 5,
  dragThresholdPx: 5,
  clickMaxMs: 200,
  ganttDaysBack: 7,
  ganttDaysForward: 30,
  ganttTickDays: 7,
  calendarTasksPerDay: 3,
  assigneeNamesShown: 2,
  dashboardTasks: 5,
  dashboardDescription: 100,
} as const;

/** A date-only due date ('2026-04-15') is that day in the member's time zone, not UTC midnight. */
export function parseDue(dueDate: string): Date {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate);
  return dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(dueDate);
}

const PRIORITY_WEIGHT: Record<TaskPriority, number> = { Critical: 4, High: 3, Medium: 2, Low: 1 };
const STATUS_ORDER: Record<TaskStatus, number> = { 'In Progress': 0, 'To Do': 1, Review: 2, Complete: 3 };

export const priorityWeight = (priority: TaskPriority | null | undefined) => PRIORITY_WEIGHT[priority ?? 'Medium'];

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** First plus last name, else the e-mail, else 'Unknown User'. */
export function displayName(user: ProjectPerson | undefined, unknown = 'Unknown User'): string {
  return nameOf(user, { withEmail: true, unknown });
}

/** At most two names then '+N more' (Kanban cards and the projects table). */
export function assigneeSummary(names: string[]): string {
  const shown = names.slice(0, PROJECT_LIMITS.assigneeNamesShown);
  const rest = names.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} +${rest} more` : shown.join(', ');
}

/** Rounded average of the tasks' completion, 0 when there are none. */
export function projectCompletion(tasks: Pick<Task, 'completionPercentage'>[]): number {
  if (tasks.length === 0) return 0;
  return Math.round(tasks.reduce((sum, task) => sum + task.completionPercentage, 0) / tasks.length);
}

/** Everyone assigned to any task of the project, in first-seen order. */
export function projectAssignees(tasks: Task[]): string[] {
  const ids = new Set<string>();
  for (const task of tasks) {
    if (task.assigneeId) ids.add(task.assigneeId);
    for (const id of task.assignees) ids.add(id);
  }
  return [...ids];
}

export type ProjectSortKey = 'title' | 'assignees' | 'completion';
export interface ProjectRow {
  project: Project;
  assigneeNames: string[];
  completion: number;
}

export function sortProjectRows(rows: ProjectRow[], key: ProjectSortKey, ascending: boolean): ProjectRow[] {
  const compare = (a: ProjectRow, b: ProjectRow): number => {
    if (key === 'completion') return a.completion - b.completion;
    if (key === 'assignees') return a.assigneeNames.length - b.assigneeNames.length;
    return a.project.title.localeCompare(b.project.title);
  };
  return [...rows].sort((a, b) => (ascending ? compare(a, b) : compare(b, a)));
}

const rankOf = (task: Task) => task.boardRank ?? Number.POSITIVE_INFINITY;

/**
 * Kanban: the cards a member placed by dragging within the column first, in that order, then the
 * rest by priority descending; the sort is stable so equal cards keep their order.
 */
export function kanbanColumn(tasks: Task[], status: TaskStatus): Task[] {
  return tasks
    .filter((task) => task.status === status)
    .sort((a, b) => rankOf(a) - rankOf(b) || priorityWeight(b.priority) - priorityWeight(a.priority));
}

/** The column's ids after moving `movedId` to where `targetId` stands (before it going up, after it going down). */
export function reorderedColumn(column: Task[], movedId: string, targetId: string): string[] {
  const ids = column.map((task) => task.id);
  const from = ids.indexOf(movedId);
  const to = ids.indexOf(targetId);
  if (from < 0 || to < 0 || from === to) return ids;
  ids.splice(from, 1);
  ids.splice(to, 0, movedId);
  return ids;
}

const dueTime = (task: Task) => (task.dueDate ? parseDue(task.dueDate).getTime() : Number.POSITIVE_INFINITY);

/** My Tasks: status (In Progress, To Do, Review, Complete), then priority, then earliest due, undated last. */
export function sortMyTasks(tasks: Task[]): Task[] {
  return [...tasks].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      priorityWeight(b.priority) - priorityWeight(a.priority) ||
      dueTime(a) - dueTime(b),
  );
}

export const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const sameDay = (a: Date, b: Date) => startOfDay(a).getTime() === startOfDay(b).getTime();

/** Before now and not Complete. On My Tasks a due date of today is not overdue (`dayOnly`). */
export function isOverdue(task: Task, now: Date, dayOnly = false): boolean {
  if (!task.dueDate || task.status === 'Complete') return false;
  const due = parseDue(task.dueDate);
  return dayOnly ? due < startOfDay(now) : due < now;
}

export const DUE_FILTERS = ['overdue', 'today', 'tomorrow', 'this-week', 'no-date'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

export interface MyTaskFilters {
  search: string;
  status: TaskStatus | 'all';
  priority: TaskPriority | 'all';
  due: DueFilter | 'all';
}

export const NO_FILTERS: MyTaskFilters = { search: '', status: 'all', priority: 'all', due: 'all' };

export function matchesDue(task: Task, due: DueFilter | 'all', now: Date): boolean {
  if (due === 'all') return true;
  if (due === 'no-date') return !task.dueDate;
  if (!task.dueDate) return false;
  const date = parseDue(task.dueDate);
  const today = startOfDay(now);
  if (due === 'overdue') return isOverdue(task, now, true);
  if (due === 'today') return sameDay(date, today);
  if (due === 'tomorrow') return sameDay(date, addDays(today, 1));
  return date >= today && date < addDays(today, 8);
}

/**
 * The tasks that list the member among their assignees (one assignee model: the service keeps the
 * legacy single assignee as the list's first entry, so the list is the whole answer), as the
 * dashboard card's GET /api/users/{id}/tasks does.
 */
export function myTasks(tasks: Task[], memberId: string): Task[] {
  return tasks.filter((task) => task.assignees.includes(memberId));
}

export function filterMyTasks(tasks: Task[], filters: MyTaskFilters, now: Date): Task[] {
  const search = filters.search.trim().toLowerCase();
  return tasks.filter(
    (task) =>
      (!search ||
        task.title.toLowerCase().includes(search) ||
        (task.description ?? '').toLowerCase().includes(search)) &&
      (filters.status === 'all' || task.status === filters.status) &&
      (filters.priority === 'all' || (task.priority ?? 'Medium') === filters.priority) &&
      matchesDue(task, filters.due, now),
  );
}

export function myTaskSummary(tasks: Task[], now: Date) {
  const count = (status: TaskStatus) => tasks.filter((task) => task.status === status).length;
  return {
    total: tasks.length,
    inProgress: count('In Progress'),
    toDo: count('To Do'),
    review: count('Review'),
    complete: count('Complete'),
    overdue: tasks.filter((task) => isOverdue(task, now, true)).length,
  };
}

export interface GanttWindow {
  start: Date;
  end: Date;
  days: number;
  ticks: Date[];
}

export function ganttWindow(now: Date): GanttWindow {
  const start = addDays(startOfDay(now), -PROJECT_LIMITS.ganttDaysBack);
  const end = addDays(startOfDay(now), PROJECT_LIMITS.ganttDaysForward);
  const days = PROJECT_LIMITS.ganttDaysBack + PROJECT_LIMITS.ganttDaysForward;
  const ticks: Date[] = [];
  for (let day = 0; day <= days; day += PROJECT_LIMITS.ganttTickDays) ticks.push(addDays(start, day));
  return { start, end, days, ticks };
}

/** Where a date falls across the window, 0 to 1. */
export function ganttPosition(date: Date, window: GanttWindow): number {
  return (startOfDay(date).getTime() - window.start.getTime()) / (window.end.getTime() - window.start.getTime());
}

export interface GanttBar {
  task: Task;
  row: number;
  /** 0 to 1 across the window: where the due day sits. */
  at: number;
  /** Where the bar starts: the start day, or the due day for a task with only a due date (a marker). */
  from: number;
  /** Where the bar ends: after the due day for a bar, the due day itself for a marker. */
  to: number;
  /** A bar from start to due; false: a marker on the due day. */
  spans: boolean;
}

export interface GanttArrow {
  from: GanttBar;
  to: GanttBar;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A local calendar day as YYYY-MM-DD. */
export const dayText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** The day `days` later (earlier when negative), as YYYY-MM-DD. */
export const shiftDay = (day: string, days: number) => dayText(addDays(parseDue(day), days));

/** A dragged bar's new days: both move by the same number of days (the length is kept). */
export function movedDates(task: Task, days: number): { startDate: string | null; dueDate: string } | null {
  if (!task.dueDate || days === 0) return null;
  return { startDate: task.startDate ? shiftDay(task.startDate, days) : null, dueDate: shiftDay(task.dueDate, days) };
}

/**
 * Dated tasks that show in the window (a bar reaching into it counts), by start then due; an arrow
 * runs from each visible prerequisite's end to the start of the task that depends on it.
 */
export function ganttLayout(tasks: Task[], now: Date): { window: GanttWindow; bars: GanttBar[]; arrows: GanttArrow[] } {
  const window = ganttWindow(now);
  const oneDay = 1 / window.days;
  const bars = tasks
    .filter((task) => task.dueDate)
    .map((task) => {
      const at = ganttPosition(parseDue(task.dueDate as string), window);
      const start = task.startDate ? ganttPosition(parseDue(task.startDate), window) : null;
      const spans = start !== null && start <= at;
      return { task, at, spans, from: spans ? start : at, to: spans ? at + oneDay : at };
    })
    .filter(({ from, at }) => at >= 0 && from <= 1)
    .sort((a, b) => a.from - b.from || a.at - b.at)
    .map((bar, row) => ({ ...bar, row }));
  const byId = new Map(bars.map((bar) => [bar.task.id, bar]));
  const arrows: GanttArrow[] = [];
  for (const to of bars) {
    for (const prerequisiteId of to.task.prerequisites) {
      const from = byId.get(prerequisiteId);
      if (from) arrows.push({ from, to });
    }
  }
  return { window, bars, arrows };
}

export interface CalendarDay {
  date: Date;
  inMonth: boolean;
  isToday: boolean;
  tasks: Task[];
  moreCount: number;
  /** Every task due that day ('+N more' opens this list). */
  due: Task[];
}

/** Whole weeks Sun-Sat covering the month; each day shows 3 tasks then '+N more'. */
export function calendarMonth(year: number, month: number, tasks: Task[], now: Date): CalendarDay[][] {
  const first = new Date(year, month, 1);
  const gridStart = addDays(first, -first.getDay());
  const last = new Date(year, month + 1, 0);
  const gridEnd = addDays(last, 6 - last.getDay());
  const weeks: CalendarDay[][] = [];
  for (let date = gridStart; date <= gridEnd; date = addDays(date, 1)) {
    if (date.getDay() === 0) weeks.push([]);
    const due = tasks.filter((task) => task.dueDate && sameDay(parseDue(task.dueDate), date));
    weeks.at(-1)?.push({
      date,
      inMonth: date.getMonth() === month,
      isToday: sameDay(date, now),
      tasks: due.slice(0, PROJECT_LIMITS.calendarTasksPerDay),
      moreCount: Math.max(0, due.length - PROJECT_LIMITS.calendarTasksPerDay),
      due,
    });
  }
  return weeks;
}

/** The dashboard card: up to 5 tasks not Complete, in the My Tasks order. */
export function dashboardTasks(tasks: Task[]): Task[] {
  return sortMyTasks(tasks.filter((task) => task.status !== 'Complete')).slice(0, PROJECT_LIMITS.dashboardTasks);
}

/** Parent choices: no task may be its own parent (the server refuses deeper cycles). */
export const parentChoices = (tasks: Task[], selfId: string | undefined) => tasks.filter((task) => task.id !== selfId);

/** Prerequisite choices: not the task itself and not those already chosen. */
export const prerequisiteChoices = (tasks: Task[], selfId: string | undefined, chosen: string[]) =>
  tasks.filter((task) => task.id !== selfId && !chosen.includes(task.id));

export const subtaskCount = (tasks: Task[], parentId: string) =>
  tasks.filter((task) => task.parentTaskId === parentId).length;

/** The '@name' being typed just before the caret, or null (a mention starts a word). */
export function mentionQuery(text: string, caret: number): string | null {
  const match = /(?:^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  return match ? (match[1] ?? '') : null;
}

/** The text with the '@query' before the caret replaced by '@Name ', and where the caret goes. */
export function insertMention(text: string, caret: number, name: string): { text: string; caret: number } {
  const before = text.slice(0, caret).replace(/@[^\s@]*$/, `@${name} `);
  return { text: before + text.slice(caret), caret: before.length };
}

/** The picked members whose '@Name' the text still holds (one deleted from the text is not mentioned). */
export function mentionsIn(text: string, picked: { id: string; name: string }[]): string[] {
  return [...new Set(picked.filter((member) => text.includes(`@${member.name}`)).map((member) => member.id))];
}

const HISTORY_FIELDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  assigneeId: 'assignee',
  assignees: 'assignees',
  parentTaskId: 'parent task',
  startDate: 'start date',
  dueDate: 'due date',
  completionPercentage: 'completion',
  prerequisites: 'prerequisites',
};

export interface HistoryEntry {
  action: string;
  fieldName: string | null;
  oldValue: string | null;
  newValue: string | null;
}

/**
 * The history newest first, the rows of one change in the order they were written (the task's
 * creation before its fields). The legacy single assignee's row is left out where the same change
 * has the assignees row (one assignee model: the list says it all).
 */
export function historyNewestFirst<Entry extends HistoryEntry & { createdAt: string }>(entries: Entry[]): Entry[] {
  const listChanges = new Set(
    entries.filter((entry) => entry.fieldName === 'assignees').map((entry) => entry.createdAt),
  );
  return entries
    .filter((entry) => entry.fieldName !== 'assigneeId' || !listChanges.has(entry.createdAt))
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(b.entry.createdAt) - Date.parse(a.entry.createdAt) || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * One line of the task's history, readable: people and tasks by name (their ids are what the
 * service records), completion in percent, long text shortened.
 */
export function describeHistoryEntry(
  entry: HistoryEntry,
  names: { user: (id: string) => string; task: (id: string) => string },
): string {
  const field = entry.fieldName ?? '';
  const value = (raw: string | null): string => {
    if (raw === null || raw === '') return 'none';
    if (field === 'assignees' || field === 'assigneeId') return raw.split(',').map(names.user).join(', ');
    if (field === 'prerequisites' || field === 'parentTaskId') return raw.split(',').map(names.task).join(', ');
    if (field === 'completionPercentage') return `${raw}%`;
    if (field === 'startDate' || field === 'dueDate') return parseDue(raw).toLocaleDateString();
    return `'${truncate(raw, 60)}'`;
  };
  const label = HISTORY_FIELDS[field] ?? field;
  switch (entry.action) {
    case 'created':
      return field ? `set ${label} to ${value(entry.newValue)}` : `created the task ${value(entry.newValue)}`;
    case 'updated':
      return `changed ${label} from ${value(entry.oldValue)} to ${value(entry.newValue)}`;
    case 'dependency_added':
    case 'dependencies_cleared':
      return `changed prerequisites from ${value(entry.oldValue)} to ${value(entry.newValue)}`;
    case 'attachment_added':
      return `attached ${entry.newValue ?? 'a file'}`;
    case 'attachment_removed':
      return `removed the attachment ${entry.oldValue ?? ''}`.trim();
    case 'deleted':
      return 'deleted the task';
    default:
      return entry.action;
  }
}
