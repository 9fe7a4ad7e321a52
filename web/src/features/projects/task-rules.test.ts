import { describe, expect, it } from 'vitest';
import type { Project, Task } from '@crucible/proto';
import {
  assigneeSummary,
  calendarMonth,
  dashboardTasks,
  describeHistoryEntry,
  displayName,
  filterMyTasks,
  ganttLayout,
  historyNewestFirst,
  insertMention,
  isOverdue,
  kanbanColumn,
  mentionQuery,
  mentionsIn,
  movedDates,
  myTasks,
  myTaskSummary,
  NO_FILTERS,
  parseDue,
  prerequisiteChoices,
  parentChoices,
  projectCompletion,
  reorderedColumn,
  sortMyTasks,
  sortProjectRows,
  truncate,
} from './task-rules.ts';

// Wednesday 15 April 2026, noon local time.
const NOW = new Date(2026, 3, 15, 12);
const day = (offset: number) => new Date(2026, 3, 15 + offset, 9).toISOString();

function aTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 't',
    projectId: 'p',
    title: 'Task',
    description: null,
    status: 'To Do',
    priority: 'Medium',
    assigneeId: null,
    assignees: [],
    parentTaskId: null,
    dueDate: null,
    completionPercentage: 0,
    prerequisites: [],
    startDate: null,
    boardRank: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function aProject(id: string, title: string): Project {
  return {
    id,
    title,
    description: null,
    ownerId: 'owner',
    completionPercentage: 0,
    taskCount: 0,
    assignees: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('names and counts', () => {
  it('shows two names then +N more', () => {
    expect(assigneeSummary(['A', 'B'])).toBe('A, B');
    expect(assigneeSummary(['A', 'B', 'C', 'D'])).toBe('A, B +2 more');
  });

  it('names a user by first and last name, else e-mail, else Unknown User', () => {
    expect(displayName({ id: '1', firstName: 'Ada', lastName: 'L', email: 'a@x' })).toBe('Ada L');
    expect(displayName({ id: '1', firstName: null, lastName: null, email: 'a@x' })).toBe('a@x');
    expect(displayName(undefined)).toBe('Unknown User');
  });

  it('rounds the average completion, 0 without tasks', () => {
    expect(projectCompletion([])).toBe(0);
    expect(projectCompletion([{ completionPercentage: 50 }, { completionPercentage: 55 }])).toBe(53);
  });

  it('truncates titles with an ellipsis', () => {
    expect(truncate('Design the database', 15)).toBe('Design the data...');
    expect(truncate('Short', 15)).toBe('Short');
  });
});

describe('sorts', () => {
  it('sorts projects by title, assignees and completion both ways', () => {
    const rows = [
      { project: aProject('1', 'Beta'), assigneeNames: ['a'], completion: 90 },
      { project: aProject('2', 'Alpha'), assigneeNames: ['a', 'b'], completion: 10 },
    ];
    expect(sortProjectRows(rows, 'title', true).map((row) => row.project.title)).toEqual(['Alpha', 'Beta']);
    expect(sortProjectRows(rows, 'title', false).map((row) => row.project.title)).toEqual(['Beta', 'Alpha']);
    expect(sortProjectRows(rows, 'completion', true).map((row) => row.completion)).toEqual([10, 90]);
    expect(sortProjectRows(rows, 'assignees', false).map((row) => row.project.id)).toEqual(['2', '1']);
  });

  it('orders a Kanban column by priority, a missing priority counting as Medium', () => {
    const tasks = [
      aTask({ id: 'low', priority: 'Low' }),
      aTask({ id: 'none', priority: undefined }),
      aTask({ id: 'critical', priority: 'Critical' }),
      aTask({ id: 'done', status: 'Complete', priority: 'Critical' }),
      aTask({ id: 'high', priority: 'High' }),
    ];
    expect(kanbanColumn(tasks, 'To Do').map((task) => task.id)).toEqual(['critical', 'high', 'none', 'low']);
  });

  it('puts the cards a member placed first, in their order, then the rest by priority', () => {
    const tasks = [
      aTask({ id: 'critical', priority: 'Critical' }),
      aTask({ id: 'low-second', priority: 'Low', boardRank: 1 }),
      aTask({ id: 'high-first', priority: 'High', boardRank: 0 }),
      aTask({ id: 'medium', boardRank: null }),
    ];
    expect(kanbanColumn(tasks, 'To Do').map((task) => task.id)).toEqual([
      'high-first',
      'low-second',
      'critical',
      'medium',
    ]);
  });

  it("moves a dropped card to the target card's place, before it going up and after it going down", () => {
    const column = ['a', 'b', 'c', 'd'].map((id) => aTask({ id }));
    expect(reorderedColumn(column, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(reorderedColumn(column, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(reorderedColumn(column, 'b', 'b')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('finds My Tasks by the assignees list, not only the legacy single assignee', () => {
    const tasks = [
      aTask({ id: 'first', assigneeId: 'me', assignees: ['me', 'you'] }),
      aTask({ id: 'second', assigneeId: 'you', assignees: ['you', 'me'] }),
      aTask({ id: 'other', assigneeId: 'you', assignees: ['you'] }),
    ];
    expect(myTasks(tasks, 'me').map((task) => task.id)).toEqual(['first', 'second']);
  });

  it('orders My Tasks by status, then priority, then earliest due date with undated last', () => {
    const tasks = [
      aTask({ id: 'review', status: 'Review' }),
      aTask({ id: 'todo-undated', priority: 'High' }),
      aTask({ id: 'todo-later', priority: 'High', dueDate: day(5) }),
      aTask({ id: 'todo-sooner', priority: 'High', dueDate: day(1) }),
      aTask({ id: 'todo-low', priority: 'Low', dueDate: day(-3) }),
      aTask({ id: 'progress', status: 'In Progress', priority: 'Low' }),
      aTask({ id: 'complete', status: 'Complete', priority: 'Critical' }),
    ];
    expect(sortMyTasks(tasks).map((task) => task.id)).toEqual([
      'progress',
      'todo-sooner',
      'todo-later',
      'todo-undated',
      'todo-low',
      'review',
      'complete',
    ]);
  });
});

describe('My Tasks filters', () => {
  const tasks = [
    aTask({ id: 'overdue', title: 'Write report', dueDate: day(-2) }),
    aTask({ id: 'overdue-done', status: 'Complete', dueDate: day(-2) }),
    aTask({ id: 'today', dueDate: day(0), priority: 'Critical' }),
    aTask({ id: 'tomorrow', dueDate: day(1), status: 'Review' }),
    aTask({ id: 'next-week', dueDate: day(6) }),
    aTask({ id: 'far', dueDate: day(20) }),
    aTask({ id: 'undated', description: 'report draft' }),
  ];
  const ids = (due: (typeof NO_FILTERS)['due']) =>
    filterMyTasks(tasks, { ...NO_FILTERS, due }, NOW).map((task) => task.id);

  it('filters by due date; today is not overdue and Complete never is', () => {
    expect(ids('overdue')).toEqual(['overdue']);
    expect(ids('today')).toEqual(['today']);
    expect(ids('tomorrow')).toEqual(['tomorrow']);
    expect(ids('this-week')).toEqual(['today', 'tomorrow', 'next-week']);
    expect(ids('no-date')).toEqual(['undated']);
    expect(ids('all')).toHaveLength(tasks.length);
  });

  it('searches title and description, and filters status and priority', () => {
    expect(filterMyTasks(tasks, { ...NO_FILTERS, search: 'REPORT' }, NOW).map((task) => task.id)).toEqual([
      'overdue',
      'undated',
    ]);
    expect(filterMyTasks(tasks, { ...NO_FILTERS, status: 'Review' }, NOW).map((task) => task.id)).toEqual(['tomorrow']);
    expect(filterMyTasks(tasks, { ...NO_FILTERS, priority: 'Critical' }, NOW).map((task) => task.id)).toEqual([
      'today',
    ]);
  });

  it('counts the summary cards', () => {
    expect(myTaskSummary(tasks, NOW)).toEqual({
      total: 7,
      inProgress: 0,
      toDo: 5,
      review: 1,
      complete: 1,
      overdue: 1,
    });
  });

  it('treats a task due earlier today as overdue outside My Tasks', () => {
    const earlier = aTask({ dueDate: new Date(2026, 3, 15, 8).toISOString() });
    expect(isOverdue(earlier, NOW)).toBe(true);
    expect(isOverdue(earlier, NOW, true)).toBe(false);
  });
});

describe('Gantt', () => {
  it('spans 7 days back to 30 forward with a tick every 7 days, showing only dated tasks inside it', () => {
    const tasks = [
      aTask({ id: 'in', dueDate: day(3) }),
      aTask({ id: 'edge', dueDate: day(-7) }),
      aTask({ id: 'before', dueDate: day(-8) }),
      aTask({ id: 'after', dueDate: day(31) }),
      aTask({ id: 'undated' }),
    ];
    const { window, bars } = ganttLayout(tasks, NOW);
    expect(window.start).toEqual(new Date(2026, 3, 8));
    expect(window.end).toEqual(new Date(2026, 4, 15));
    expect(window.ticks.map((tick) => tick.getDate())).toEqual([8, 15, 22, 29, 6, 13]);
    expect(bars.map((bar) => bar.task.id)).toEqual(['edge', 'in']);
    expect(bars[0]?.at).toBe(0);
  });

  it('draws an arrow from each visible prerequisite to the task that depends on it', () => {
    const tasks = [
      aTask({ id: 'design', dueDate: day(1) }),
      aTask({ id: 'build', dueDate: day(5), prerequisites: ['design', 'hidden'] }),
      aTask({ id: 'hidden' }),
    ];
    const { arrows } = ganttLayout(tasks, NOW);
    expect(arrows.map(({ from, to }) => [from.task.id, to.task.id])).toEqual([['design', 'build']]);
  });

  it('draws a bar from start to the end of the due day, a marker without a start, and keeps a bar reaching into the window', () => {
    const tasks = [
      aTask({ id: 'bar', startDate: '2026-04-15', dueDate: '2026-04-21' }),
      aTask({ id: 'marker', dueDate: '2026-04-16' }),
      aTask({ id: 'reaching', startDate: '2026-04-01', dueDate: '2026-04-09' }),
      aTask({ id: 'reversed', startDate: '2026-04-25', dueDate: '2026-04-20' }),
    ];
    const { window, bars, arrows } = ganttLayout(
      [...tasks, aTask({ id: 'next', startDate: '2026-04-22', dueDate: '2026-04-24', prerequisites: ['bar'] })],
      NOW,
    );
    const byId = new Map(bars.map((bar) => [bar.task.id, bar]));
    const oneDay = 1 / window.days;
    expect(byId.get('bar')).toMatchObject({ spans: true, from: 7 * oneDay, at: 13 * oneDay });
    expect(byId.get('bar')?.to).toBeCloseTo(14 * oneDay);
    expect(byId.get('marker')).toMatchObject({ spans: false, from: 8 * oneDay, to: 8 * oneDay });
    expect(byId.get('reaching')?.spans).toBe(true);
    // A start after the due day (never stored by the service) is drawn as a marker on the due day.
    expect(byId.get('reversed')?.spans).toBe(false);
    expect(bars.map((bar) => bar.task.id)).toEqual(['reaching', 'bar', 'marker', 'reversed', 'next']);
    // The arrow leaves the prerequisite's end and reaches the dependent's start.
    const [arrow] = arrows;
    expect([arrow?.from.to, arrow?.to.from]).toEqual([byId.get('bar')?.to, byId.get('next')?.from]);
  });

  it('moves both days of a dragged bar by whole days, across month ends, and only the due day of a marker', () => {
    expect(movedDates(aTask({ startDate: '2026-04-28', dueDate: '2026-04-30' }), 3)).toEqual({
      startDate: '2026-05-01',
      dueDate: '2026-05-03',
    });
    expect(movedDates(aTask({ dueDate: '2026-03-01' }), -1)).toEqual({ startDate: null, dueDate: '2026-02-28' });
    expect(movedDates(aTask({ dueDate: '2026-03-01' }), 0)).toBeNull();
    expect(movedDates(aTask({ startDate: '2026-03-01' }), 2)).toBeNull();
  });
});

describe('comments and history', () => {
  it('finds the @name being typed, inserts the chosen name, and keeps only mentions still in the text', () => {
    expect(mentionQuery('Hi @ad', 6)).toBe('ad');
    expect(mentionQuery('Hi @', 4)).toBe('');
    expect(mentionQuery('mail me@example', 15)).toBeNull();
    expect(mentionQuery('Hi @ad and more', 15)).toBeNull();
    expect(insertMention('Hi @ad, thanks', 6, 'Ada Lovelace')).toEqual({
      text: 'Hi @Ada Lovelace , thanks',
      caret: 17,
    });
    const picked = [
      { id: 'u0', name: 'Ada Lovelace' },
      { id: 'u1', name: 'Alan Turing' },
    ];
    expect(mentionsIn('@Ada Lovelace please look', picked)).toEqual(['u0']);
  });

  it('describes history rows with names and titles in place of ids', () => {
    const names = { user: (id: string) => `User ${id}`, task: (id: string) => `Task ${id}` };
    const row = (action: string, fieldName: string | null, oldValue: string | null, newValue: string | null) =>
      describeHistoryEntry({ action, fieldName, oldValue, newValue }, names);
    expect(row('created', null, null, 'Launch')).toBe("created the task 'Launch'");
    expect(row('updated', 'status', 'To Do', 'Review')).toBe("changed status from 'To Do' to 'Review'");
    expect(row('updated', 'assignees', 'a', 'a,b')).toBe('changed assignees from User a to User a, User b');
    expect(row('updated', 'parentTaskId', null, 't1')).toBe('changed parent task from none to Task t1');
    expect(row('updated', 'completionPercentage', '0', '40')).toBe('changed completion from 0% to 40%');
    expect(row('attachment_added', 'attachments', null, 'notes.md')).toBe('attached notes.md');
    expect(row('updated', 'dueDate', null, '2026-04-20')).toBe(
      `changed due date from none to ${new Date(2026, 3, 20).toLocaleDateString()}`,
    );
  });

  it('lists history newest first, a change in written order, without the single assignee beside the list', () => {
    const entry = (id: string, createdAt: string, fieldName: string | null) => ({
      id,
      createdAt,
      action: 'created',
      fieldName,
      oldValue: null,
      newValue: 'x',
    });
    const rows = [
      entry('title', '2026-04-15T10:00:00.000Z', null),
      entry('single', '2026-04-15T10:00:00.000Z', 'assigneeId'),
      entry('list', '2026-04-15T10:00:00.000Z', 'assignees'),
      entry('later', '2026-04-15T11:00:00.000Z', 'status'),
      entry('alone', '2026-04-15T12:00:00.000Z', 'assigneeId'),
    ];
    expect(historyNewestFirst(rows).map((row) => row.id)).toEqual(['alone', 'later', 'title', 'list']);
  });
});

describe('calendar', () => {
  it('lays the month out Sun-Sat with today marked and 3 tasks a day then +N more', () => {
    const tasks = [1, 2, 3, 4, 5].map((n) => aTask({ id: `t${n}`, dueDate: day(0) }));
    const weeks = calendarMonth(2026, 3, tasks, NOW);
    // April 2026 starts on a Wednesday: the grid begins Sunday 29 March and ends Saturday 2 May.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]?.date).toEqual(new Date(2026, 2, 29));
    expect(weeks[0]?.[0]?.inMonth).toBe(false);
    expect(weeks[4]?.[6]?.date).toEqual(new Date(2026, 4, 2));
    const today = weeks.flat().filter((cell) => cell.isToday);
    expect(today).toHaveLength(1);
    expect(today[0]?.tasks.map((task) => task.id)).toEqual(['t1', 't2', 't3']);
    expect(today[0]?.moreCount).toBe(2);
    expect(today[0]?.due.map((task) => task.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
  });
});

describe('choices and the dashboard card', () => {
  const tasks = ['a', 'b', 'c'].map((id) => aTask({ id }));

  it('never offers the task itself as parent or prerequisite, nor a prerequisite twice', () => {
    expect(parentChoices(tasks, 'a').map((task) => task.id)).toEqual(['b', 'c']);
    expect(prerequisiteChoices(tasks, 'a', ['b']).map((task) => task.id)).toEqual(['c']);
  });

  it('shows up to 5 tasks that are not Complete', () => {
    const many = [...Array(7).keys()].map((n) => aTask({ id: `t${n}` }));
    many.push(aTask({ id: 'done', status: 'Complete', priority: 'Critical' }));
    const shown = dashboardTasks(many);
    expect(shown).toHaveLength(5);
    expect(shown.some((task) => task.id === 'done')).toBe(false);
  });
});

describe('due dates', () => {
  it('reads a date-only due date as that local day', () => {
    expect(parseDue('2026-04-15')).toEqual(new Date(2026, 3, 15));
  });
});
