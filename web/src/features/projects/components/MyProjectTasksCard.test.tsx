import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import { MyProjectTasksCard } from './MyProjectTasksCard.tsx';

const task = (n: number, status = 'To Do', description: string | null = null) => ({
  id: `t${n}`,
  projectId: 'p1',
  title: `Task ${n}`,
  description,
  status,
  priority: 'Medium',
  assigneeId: 'u1',
  assignees: ['u1'],
  parentTaskId: null,
  dueDate: null,
  completionPercentage: 0,
  prerequisites: [],
});

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <MyProjectTasksCard userId="u1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My Project Tasks card', () => {
  it('shows a busy skeleton while the tasks load', async () => {
    stubApi({ 'GET /api/users/u1/tasks': () => STILL_LOADING });
    renderCard();
    expect((await screen.findByRole('status', { name: 'Loading tasks' })).getAttribute('aria-busy')).toBe('true');
  });

  it('says No tasks assigned when nothing is open', async () => {
    stubApi({ 'GET /api/users/u1/tasks': () => ({ status: 200, body: [task(0, 'Complete')] }) });
    renderCard();
    expect(await screen.findByText('No tasks assigned')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows up to 5 tasks that are not Complete, descriptions cut at 100, and View All Tasks', async () => {
    const fetchMock = stubApi({
      'GET /api/users/u1/tasks': () => ({
        status: 200,
        body: [
          task(0, 'Complete'),
          task(1, 'To Do', 'x'.repeat(150)),
          task(2),
          task(3, 'In Progress'),
          task(4, 'Review'),
          task(5),
          task(6),
        ],
      }),
    });
    renderCard();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(list).queryByText('Task 0')).toBeNull();
    expect(within(list).getByText(`${'x'.repeat(100)}...`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Tasks' }).getAttribute('href')).toBe('/projects');
    expect(fetchMock).toHaveBeenCalled();
  });
});
