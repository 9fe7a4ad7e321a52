import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Task } from '@crucible/proto';
import { KANBAN_WINDOW_FROM, KanbanBoard } from './KanbanBoard.tsx';

const aTask = (index: number, overrides: Partial<Task> = {}): Task => ({
  id: `t${index}`,
  projectId: 'p1',
  title: `Task ${index}`,
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
});

function board(tasks: Task[]) {
  const onEdit = vi.fn();
  render(
    <KanbanBoard
      tasks={tasks}
      userName={(id) => id}
      onAdd={vi.fn()}
      onEdit={onEdit}
      onMove={vi.fn()}
      onReorder={vi.fn()}
    />,
  );
  return { onEdit };
}

describe('KanbanBoard', () => {
  it('mounts every card of a short column', () => {
    board(Array.from({ length: KANBAN_WINDOW_FROM }, (_, index) => aTask(index)));
    const todo = screen.getByRole('region', { name: 'To Do column' });
    expect(within(todo).getAllByRole('button', { name: /^Task / })).toHaveLength(KANBAN_WINDOW_FROM);
  });

  it('mounts only the cards near the viewport of a long column, still counting them all', async () => {
    const tasks = Array.from({ length: 2_000 }, (_, index) => aTask(index));
    tasks.push(aTask(9_999, { status: 'Review', title: 'Review me' }));
    const { onEdit } = board(tasks);
    const todo = screen.getByRole('region', { name: 'To Do column' });
    expect(within(todo).getByLabelText('2000 tasks')).toBeTruthy();
    const mounted = within(todo).getAllByRole('button', { name: /^Task / });
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.length).toBeLessThan(200);
    expect(mounted[0]?.getAttribute('aria-label')).toBe('Task 0, Medium priority');
    // A windowed card still opens Edit Task from the keyboard.
    mounted[0]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(tasks[0]);
    // Short columns beside it are unaffected.
    const review = screen.getByRole('region', { name: 'Review column' });
    expect(within(review).getByRole('button', { name: 'Review me, Medium priority' })).toBeTruthy();
  });
});
