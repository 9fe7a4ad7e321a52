import type { AdminUser, AuditLogEntry, CurrentUser, MessageFlag } from '@crucible/proto';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

type Routes = Parameters<typeof stubApi>[0];

const admin = aMember({ id: 'admin-1', firstName: 'Ada', lastName: 'Admin', accessLevel: 'Admin', isAdmin: true });

function aUser(index: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `user-${index}`,
    email: `member${index}@example.com`,
    firstName: `Member`,
    lastName: `${index}`,
    accessLevel: 'Apprentice',
    isAdmin: false,
    isModerator: false,
    emailVerified: true,
    authProvider: 'email',
    createdAt: '2026-11-01T10:00:00Z',
    isActive: true,
    deactivatedAt: null,
    suspendedUntil: null,
    lastSeenAt: null,
    ...overrides,
  };
}

const levels = ['Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin'].map((value, orderIndex) => ({
  value,
  label: value,
  description: `${value} members`,
  orderIndex,
  updatedAt: '2026-11-01T10:00:00Z',
}));

const snapshot = {
  id: 'message-1',
  content: 'Buy <b>cheap</b> things',
  senderId: 'user-2',
  senderName: 'Member 2',
  recipientId: 'user-3',
  recipientName: 'Member 3',
  sentAt: '2026-11-20T10:00:00Z',
  deletedAt: null,
};

function aFlag(id: string, status: MessageFlag['status']): MessageFlag {
  return {
    id,
    messageId: 'message-1',
    status,
    priority: 1,
    reason: `Reason ${id}`,
    flaggedBy: 'admin-1',
    flaggedByName: `Flagger ${id}`,
    reviewNotes: null,
    reviewedBy: null,
    reviewedByName: null,
    reviewedAt: null,
    createdAt: '2026-11-20T10:00:00Z',
    message: snapshot,
  };
}

function anAdminMessage(id: string, content: string) {
  return {
    id,
    senderId: 'user-2',
    recipientId: 'user-3',
    senderName: 'Member 2',
    recipientName: 'Member 3',
    content,
    createdAt: '2026-11-20T10:00:00Z',
    attachments: [],
    isDeletedByAdmin: false,
    deletionReason: null,
    deletedAt: null,
  };
}

const FIRST_ID = '0b6f3d6c-7c43-4f5e-9a43-0d6c1f0a0001';
const SECOND_ID = '0b6f3d6c-7c43-4f5e-9a43-0d6c1f0a0002';

function signedInAs(member: CurrentUser, routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/user': () => ({ status: 200, body: member }),
    'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/admin/access-levels': () => ({ status: 200, body: levels }),
    ...routes,
  });
}

const requests = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), body: init?.body }))
    .filter(({ url }) => url.pathname === path);

async function toast(title: string): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title);
  const found = titles.map((element) => element.closest<HTMLElement>('[data-toast]')).find(Boolean);
  if (!found) throw new Error(`no toast titled ${title}`);
  return found;
}

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('./AdminPage.tsx'));

describe('the admin console', () => {
  it('shows every tab to an admin, pages users by 10 and searches once the typing settles', async () => {
    const fetchMock = signedInAs(admin, {
      'GET /api/admin/users': () => ({
        status: 200,
        body: { users: Array.from({ length: 10 }, (_, index) => aUser(index)), total: 25 },
      }),
    });
    renderApp('/admin');
    const tabs = await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Users',
      'Access Levels',
      'Forums',
      'Forum Mods',
      'Messages',
      'Moderation',
      'Review Queue',
      'Audit Logs',
    ]);
    await screen.findAllByText('member9@example.com');
    expect(requests(fetchMock, 'GET', '/api/admin/users')[0]?.url.searchParams.get('limit')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(requests(fetchMock, 'GET', '/api/admin/users').map(({ url }) => url.searchParams.get('offset'))).toContain(
        '10',
      ),
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'gra');
    await waitFor(() =>
      expect(
        requests(fetchMock, 'GET', '/api/admin/users').some(({ url }) => url.searchParams.get('search') === 'gra'),
      ).toBe(true),
    );
    const searches = requests(fetchMock, 'GET', '/api/admin/users').map(({ url }) => url.searchParams.get('search'));
    expect(searches).not.toContain('g');
    expect(searches).not.toContain('gr');
    // A new search starts again at the first page.
    const last = requests(fetchMock, 'GET', '/api/admin/users').at(-1);
    expect(last?.url.searchParams.get('offset')).toBe('0');
  });

  it("changes a user's level in place with its own call, after confirmation", async () => {
    const fetchMock = signedInAs(admin, {
      'GET /api/admin/users': () => ({ status: 200, body: { users: [aUser(1)], total: 1 } }),
      'PATCH /api/admin/users/user-1/access-level': () => ({ status: 200, body: aUser(1, { accessLevel: 'Core' }) }),
    });
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Access level of Member 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Core' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change access level' });
    expect(dialog.textContent).toContain("Change Member 1's access level from Apprentice to Core?");
    expect(requests(fetchMock, 'PATCH', '/api/admin/users/user-1/access-level')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await toast('Access level updated');
    expect(JSON.parse(String(requests(fetchMock, 'PATCH', '/api/admin/users/user-1/access-level')[0]?.body))).toEqual({
      accessLevel: 'Core',
    });
  });

  it('says what raising someone to Admin means before doing it, and does nothing when cancelled', async () => {
    const fetchMock = signedInAs(admin, {
      'GET /api/admin/users': () => ({ status: 200, body: { users: [aUser(1)], total: 1 } }),
    });
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Access level of Member 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an Admin' });
    expect(dialog.textContent).toContain('An Admin can read every direct message');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requests(fetchMock, 'PATCH', '/api/admin/users/user-1/access-level')).toHaveLength(0);
  });

  it('asks auth for the chosen tier, status, role and sort', async () => {
    const fetchMock = signedInAs(admin, {
      'GET /api/admin/users': () => ({ status: 200, body: { users: [aUser(1)], total: 1 } }),
    });
    renderApp('/admin');
    const choose = async (filter: string, option: string) => {
      await userEvent.click(await screen.findByRole('combobox', { name: filter }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Tier', 'Core');
    await choose('Status', 'Suspended');
    await choose('Role', 'Admins');
    await choose('Sort', 'Last seen (most recent first)');
    await waitFor(() => {
      const params = requests(fetchMock, 'GET', '/api/admin/users').at(-1)?.url.searchParams;
      expect([params?.get('tier'), params?.get('status'), params?.get('role'), params?.get('sort')]).toEqual([
        'Core',
        'suspended',
        'admin',
        'last_seen',
      ]);
    });
  });

  it('shows a table-shaped busy skeleton while the users load', async () => {
    signedInAs(admin, { 'GET /api/admin/users': () => STILL_LOADING });
    renderApp('/admin?tab=users');
    const loading = await screen.findByRole('status', { name: 'Loading users' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when no user matches the search, and Clear Search empties the search box', async () => {
    signedInAs(admin, { 'GET /api/admin/users': () => ({ status: 200, body: { users: [], total: 0 } }) });
    renderApp('/admin?tab=users');
    expect(await screen.findByText('No users found. Try a different search term.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Search' })).toBeNull();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await userEvent.type(search, 'zz');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear Search' }));
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('deletes a user only after confirmation', async () => {
    const fetchMock = signedInAs(admin, {
      'GET /api/admin/users': () => ({ status: 200, body: { users: [aUser(1)], total: 1 } }),
      'DELETE /api/admin/users/user-1': () => ({ status: 204 }),
    });
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Member 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests(fetchMock, 'DELETE', '/api/admin/users/user-1')).toHaveLength(0);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Member 1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }),
    );
    await toast('User deleted');
    expect(requests(fetchMock, 'DELETE', '/api/admin/users/user-1')).toHaveLength(1);
  });

  it('deactivates a user after confirmation and offers to reactivate a deactivated one', async () => {
    const fetchMock = signedInAs(admin, {
      'GET /api/admin/users': () => ({
        status: 200,
        body: { users: [aUser(1), aUser(2, { isActive: false, deactivatedAt: '2026-11-20T10:00:00Z' })], total: 2 },
      }),
      'POST /api/admin/users/user-1/deactivate': () => ({ status: 200, body: aUser(1, { isActive: false }) }),
    });
    renderApp('/admin');
    expect(await screen.findByRole('button', { name: 'Reactivate Member 2' })).toBeTruthy();
    expect(screen.getByText('Deactivated')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Member 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(requests(fetchMock, 'POST', '/api/admin/users/user-1/deactivate')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await toast('User deactivated');
    expect(requests(fetchMock, 'POST', '/api/admin/users/user-1/deactivate')).toHaveLength(1);
  });

  it("offers password resets to e-mail accounts only and words the server's answer", async () => {
    signedInAs(admin, {
      'GET /api/admin/users': () => ({
        status: 200,
        body: { users: [aUser(1), aUser(2, { authProvider: 'oidc' })], total: 2 },
      }),
      'POST /api/admin/users/user-1/password-reset': () => ({ status: 200, body: { message: 'ok', emailSent: false } }),
    });
    renderApp('/admin');
    await screen.findAllByText('member2@example.com');
    expect(screen.queryByRole('button', { name: 'Reset password of Member 2' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reset password of Member 1' }));
    await toast('Password reset token generated (email not configured)');
  });

  it("shows the server's message when a user update fails", async () => {
    signedInAs(admin, {
      'GET /api/admin/users': () => ({ status: 200, body: { users: [aUser(1)], total: 1 } }),
      'PATCH /api/admin/users/user-1': () => ({
        status: 409,
        body: { statusCode: 409, message: 'Email already in use' },
      }),
    });
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Member 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const shown = await toast('Error updating user');
    expect(shown.textContent).toContain('Email already in use');
  });

  it('shows members below Core the Access Denied notice and no console', async () => {
    const fetchMock = signedInAs(aMember({ accessLevel: 'Master' }));
    renderApp('/admin?tab=users');
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('The admin console is available only to Core and Admin users.')).toBeTruthy();
    expect(screen.queryByRole('tablist', { name: 'Admin sections' })).toBeNull();
    expect(requests(fetchMock, 'GET', '/api/admin/access-levels')).toEqual([]);
  });

  it('shows Core members the access levels only', async () => {
    signedInAs(aMember({ accessLevel: 'Core' }));
    renderApp('/admin?tab=users');
    const tabs = await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Access Levels']);
  });

  it('lets Core edit a description, Save enabled only once it changed', async () => {
    const fetchMock = signedInAs(aMember({ accessLevel: 'Core' }), {
      'PATCH /api/admin/access-levels/Master': ({ body }) => ({
        status: 200,
        body: { ...levels[3], ...(body as object) },
      }),
    });
    renderApp('/admin');
    expect(screen.queryByText('Viewing mode - Core or Admin access required to edit access levels')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Master' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Access Level' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty('disabled', true);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), ' and mentors');
    expect(save).toHaveProperty('disabled', false);
    await userEvent.click(save);
    await toast('Access level description updated');
    expect(JSON.parse(String(requests(fetchMock, 'PATCH', '/api/admin/access-levels/Master')[0]?.body))).toEqual({
      description: 'Master members and mentors',
    });
  });

  it('shows the load error of the forum moderators, and the boundary when their answer cannot be shown', async () => {
    signedInAs(admin, {
      'GET /api/forum-moderators': () => ({ status: 500, body: { statusCode: 500, message: 'boom' } }),
      'GET /api/subcategories': () => ({ status: 200, body: [] }),
    });
    const first = renderApp('/admin?tab=forum-mods');
    expect(
      await screen.findByText('Error loading forum moderators data. Please refresh the page or contact support.'),
    ).toBeTruthy();
    first.unmount();

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signedInAs(admin, {
      'GET /api/forum-moderators': () => ({ status: 200, body: { moderators: 'not a list' } }),
      'GET /api/subcategories': () => ({ status: 200, body: [] }),
    });
    renderApp('/admin?tab=forum-mods');
    expect(await screen.findByText('Forum Moderators Unavailable')).toBeTruthy();
    // The rest of the console survives.
    expect(screen.getByRole('tab', { name: 'Users' })).toBeTruthy();
  });

  it('offers Appoint the First Moderator when there is none, which opens Add Forum Moderator', async () => {
    signedInAs(admin, {
      'GET /api/forum-moderators': () => ({ status: 200, body: [] }),
      'GET /api/subcategories': () => ({ status: 200, body: [] }),
      'GET /api/admin/users': () => ({ status: 200, body: { users: [aUser(1)], total: 1 } }),
    });
    renderApp('/admin?tab=forum-mods');
    expect(await screen.findByText('No forum moderators yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Appoint the First Moderator' }));
    expect(await screen.findByRole('dialog', { name: 'Add Forum Moderator' })).toBeTruthy();
  });

  it('offers to create the first category and topic on an empty Forums tab', async () => {
    signedInAs(admin, {
      'GET /api/subcategories': () => ({ status: 200, body: [] }),
      'GET /api/discussions': () => ({ status: 200, body: [] }),
    });
    renderApp('/admin?tab=forums');
    expect(await screen.findByText('No forum categories yet')).toBeTruthy();
    expect(await screen.findByText('No topics yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create the First Category' }));
    expect(await screen.findByRole('dialog', { name: 'Create Forum Category' })).toBeTruthy();
  });

  it('requires a user before granting a moderator', async () => {
    const fetchMock = signedInAs(admin, {
      'GET /api/forum-moderators': () => ({ status: 200, body: [] }),
      'GET /api/subcategories': () => ({ status: 200, body: [] }),
      'GET /api/admin/users': () => ({ status: 200, body: { users: [aUser(1)], total: 1 } }),
    });
    renderApp('/admin?tab=forum-mods');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Moderator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Forum Moderator' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Moderator' }));
    expect(await within(dialog).findByText('Please select a user')).toBeTruthy();
    expect(requests(fetchMock, 'POST', '/api/forum-moderators')).toHaveLength(0);
    expect(requests(fetchMock, 'GET', '/api/admin/users').at(-1)?.url.searchParams.get('limit')).toBe('1000');
  });

  it('refuses a bulk action without messages or reason, confirms a delete and clears the selection', async () => {
    const fetchMock = signedInAs(admin, {
      'GET /api/admin/direct-messages': () => ({
        status: 200,
        body: {
          messages: [anAdminMessage(FIRST_ID, 'First <i>one</i>'), anAdminMessage(SECOND_ID, 'Second one')],
          total: 2,
        },
      }),
      'POST /api/admin/messages/bulk-delete': () => ({
        status: 200,
        body: { deleted: [FIRST_ID, SECOND_ID], count: 2 },
      }),
    });
    renderApp('/admin?tab=moderation');
    await screen.findByText('Second one');
    await userEvent.click(screen.getByRole('button', { name: /Delete Selected/ }));
    expect(await screen.findByText('No messages selected')).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select message: First one' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select message: Second one' }));
    await userEvent.click(screen.getByRole('button', { name: /Delete Selected/ }));
    expect(await screen.findByText('Reason is required')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Spam');
    await userEvent.click(screen.getByRole('button', { name: /Delete Selected/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete messages' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await toast('Messages deleted');
    expect(JSON.parse(String(requests(fetchMock, 'POST', '/api/admin/messages/bulk-delete')[0]?.body))).toEqual({
      messageIds: [FIRST_ID, SECOND_ID],
      reason: 'Spam',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /Delete Selected \(0\)/ })).toBeTruthy());
  });

  it('offers Update on flags that are not resolved', async () => {
    signedInAs(admin, {
      'GET /api/admin/conversations': () => ({ status: 200, body: { conversations: [], hasMore: false } }),
      'GET /api/admin/direct-messages': () => ({ status: 200, body: { messages: [], total: 0 } }),
      'GET /api/admin/message-flags': () => ({
        status: 200,
        body: { flags: [aFlag('open', 'pending'), aFlag('done', 'resolved')], total: 2 },
      }),
    });
    renderApp('/admin?tab=messages');
    expect(await screen.findByText('No conversations found')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Flags' }));
    await screen.findByText('Reason done');
    expect(screen.getByRole('button', { name: 'Update flag by Flagger open' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update flag by Flagger done' })).toBeNull();
  });

  it('shows conversation sizes and quota shares, linking to the conversation view', async () => {
    signedInAs(admin, {
      'GET /api/admin/conversations': () => ({
        status: 200,
        body: {
          conversations: [
            {
              user1Id: 'user-2',
              user2Id: 'user-3',
              user1Name: 'Member 2',
              user2Name: 'Member 3',
              messageCount: 4,
              totalBytes: 524_288,
              lastActivity: '2026-11-20T10:00:00Z',
            },
            {
              user1Id: 'user-4',
              user2Id: 'user-5',
              user1Name: 'Member 4',
              user2Name: 'Member 5',
              messageCount: 1,
              totalBytes: 900,
              lastActivity: '2026-11-20T10:00:00Z',
            },
          ],
          hasMore: false,
        },
      }),
      'GET /api/admin/direct-messages': () => ({ status: 200, body: { messages: [], total: 0 } }),
    });
    renderApp('/admin?tab=messages');
    const table = await screen.findByRole('table', { name: 'Conversations' });
    const rows = await within(table).findAllByRole('row');
    expect(within(rows[1]!).getByText('0.50 MB')).toBeTruthy();
    expect(within(rows[1]!).getByText('50.0%')).toBeTruthy();
    expect(within(rows[2]!).getByText('900 B')).toBeTruthy();
    expect(within(rows[2]!).getByText('0.1%')).toBeTruthy();
    expect(
      within(rows[1]!).getByRole('link', { name: 'View conversation Member 2 ↔ Member 3' }).getAttribute('href'),
    ).toBe('/admin/conversations/user-2/user-3');
  });

  it('cuts user agents in the audit log at 50 characters', async () => {
    const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131';
    const entry: AuditLogEntry = {
      id: 'log-1',
      actionType: 'bulk_delete',
      adminId: 'admin-1',
      adminName: 'Ada Admin',
      description: 'Deleted 2 messages',
      details: null,
      targetUserId: null,
      targetUserName: null,
      targetMessageId: null,
      targetReportId: null,
      targetFlagId: null,
      ipAddress: '127.0.0.1',
      userAgent,
      success: true,
      createdAt: '2026-11-20T10:00:00Z',
    };
    signedInAs(admin, {
      'GET /api/admin/audit-logs': () => ({ status: 200, body: { logs: [entry], total: 1 } }),
      'GET /api/admin/users': () => ({ status: 200, body: { users: [], total: 0 } }),
    });
    renderApp('/admin?tab=audit-logs');
    expect(await screen.findByText(`${userAgent.slice(0, 50)}...`)).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
  });
});
