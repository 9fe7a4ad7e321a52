import type { AdminReport, CurrentUser } from '@crucible/proto';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

const admin = aMember({ id: 'admin-1', firstName: 'Ada', lastName: 'Admin', accessLevel: 'Admin', isAdmin: true });
const MESSAGE_ID = '0b6f3d6c-7c43-4f5e-9a43-0d6c1f0a0001';

const message = {
  id: MESSAGE_ID,
  senderId: 'user-2',
  recipientId: 'user-3',
  senderName: 'Member 2',
  recipientName: 'Member 3',
  content: 'Buy cheap things',
  createdAt: '2026-11-20T10:00:00Z',
  attachments: [],
  isDeletedByAdmin: false,
  deletionReason: null,
  deletedAt: null,
};

const report: AdminReport = {
  id: 'report-1',
  messageId: MESSAGE_ID,
  reporterId: 'user-3',
  reporterName: 'Member 3',
  reportType: 'spam',
  schemaReportType: 'spam',
  reportReason: 'Selling',
  isResolved: false,
  resolution: null,
  resolvedBy: null,
  resolvedByName: null,
  resolvedAt: null,
  createdAt: '2026-11-20T11:00:00Z',
  message: { ...message, sentAt: message.createdAt },
};

function api(member: CurrentUser) {
  return stubApi({
    'GET /api/auth/user': () => ({ status: 200, body: member }),
    'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/admin/access-levels': () => ({ status: 200, body: [] }),
    'GET /api/admin/users': () => ({ status: 200, body: { users: [], total: 0 } }),
    'GET /api/admin/conversations': () => ({ status: 200, body: { conversations: [], hasMore: false } }),
    'GET /api/admin/message-reports': () => ({ status: 200, body: { reports: [report], total: 1 } }),
    'POST /api/admin/conversations/user-2/user-3': () => ({
      status: 200,
      body: {
        user1: { id: 'user-2', name: 'Member 2', email: null },
        user2: { id: 'user-3', name: 'Member 3', email: null },
        messages: [message],
        nextCursor: null,
        hasMore: false,
      },
    }),
    'GET /api/admin/review-queue': () => ({
      status: 200,
      body: {
        total: 1,
        items: [
          {
            kind: 'dm_report',
            targetId: MESSAGE_ID,
            authorId: 'user-2',
            authorName: 'Member 2',
            content: message.content,
            context: { messages: [], discussion: null },
            reports: [],
            reportCount: 1,
            latestReportAt: report.createdAt,
            isResolved: false,
            outcome: null,
            resolution: null,
            earlierActions: [],
          },
        ],
      },
    }),
    'POST /api/admin/messages/bulk-delete': () => ({ status: 200, body: { deleted: [MESSAGE_ID], count: 1 } }),
    'POST /api/admin/messages/bulk-flag': () => ({ status: 201, body: { flags: [], count: 1 } }),
  });
}

const posted = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => Promise.all([import('../routes/AdminPage.tsx'), import('../routes/AdminConversationPage.tsx')]));

describe('the per-message actions', () => {
  it('delete a message from the conversation view with a reason, and refuse an empty reason', async () => {
    const fetchMock = api(admin);
    renderApp('/admin/conversations/user-2/user-3');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Reason for viewing' }), 'A report');
    await userEvent.click(screen.getByRole('button', { name: 'Open Conversation' }));
    const actions = await screen.findByRole('group', { name: /^Actions on the message from Member 2/ });
    await userEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await within(dialog).findByText('Reason is required');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findAllByText('Messages deleted');
    expect(posted(fetchMock, '/api/admin/messages/bulk-delete')).toEqual([
      { messageIds: [MESSAGE_ID], reason: 'Spam' },
    ]);
  });

  it('flag the reported message from the Reports panel with the same actions', async () => {
    const fetchMock = api(admin);
    renderApp('/admin?tab=messages');
    await userEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
    const actions = await screen.findByRole('group', { name: 'Actions on the message reported by Member 3' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag message' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Check the seller');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    await screen.findAllByText('Messages flagged');
    expect(posted(fetchMock, '/api/admin/messages/bulk-flag')).toEqual([
      { messageIds: [MESSAGE_ID], reason: 'Check the seller', priority: 1 },
    ]);
  });

  it('offer the same actions on a reported message in the review queue', async () => {
    const fetchMock = api(admin);
    renderApp('/admin?tab=review-queue');
    const actions = await screen.findByRole('group', { name: 'Actions on the message by Member 2' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Reported spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findAllByText('Messages deleted');
    expect(posted(fetchMock, '/api/admin/messages/bulk-delete')).toEqual([
      { messageIds: [MESSAGE_ID], reason: 'Reported spam' },
    ]);
  });
});
