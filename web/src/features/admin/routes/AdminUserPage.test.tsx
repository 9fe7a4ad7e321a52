import type { AdminUser, AuditLogEntry, MemberActivity, Profile } from '@crucible/proto';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

const admin = aMember({ id: 'admin-1', firstName: 'Ada', lastName: 'Admin', accessLevel: 'Admin', isAdmin: true });
const MEMBER = 'user-7';

const account: AdminUser = {
  id: MEMBER,
  email: 'sid@example.com',
  firstName: 'Sid',
  lastName: 'Tester',
  accessLevel: 'Journeyman',
  isAdmin: false,
  isModerator: false,
  emailVerified: true,
  authProvider: 'email',
  createdAt: '2026-11-01T10:00:00Z',
  isActive: true,
  deactivatedAt: null,
  suspendedUntil: '2999-01-01T00:00:00Z',
  lastSeenAt: '2026-11-20T10:00:00Z',
};

const profile = {
  id: MEMBER,
  email: 'sid@example.com',
  joinedAt: '2026-11-01T10:00:00Z',
  accessLevel: 'Journeyman',
  isAdmin: false,
  profileImageUrl: null,
  picture: null,
  alchemicalSymbols: [],
  certificationLevels: [],
  firstName: 'Sid',
  lastName: 'Tester',
  preferredName: null,
  jobTitle: 'Engineer',
  birthday: null,
  phoneNumber: null,
  currentLocation: null,
  preferredContactMethod: 'email',
  bio: null,
  personalMission: null,
  leadershipPhilosophy: null,
  personalStory: null,
  professionalJourney: null,
  leadershipExperience: null,
  crucibleConnection: null,
  leadershipJourney: null,
  careerGoals: null,
  dateProfileUpdated: null,
  contactInfoHidden: false,
  canEdit: true,
  canMessage: false,
} as Profile;

const entry = (overrides: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: 'log-1',
  actionType: 'user_suspend',
  adminId: 'admin-1',
  adminName: 'Ada Admin',
  description: 'Suspended sid@example.com',
  details: { reason: 'Threats' },
  targetUserId: MEMBER,
  targetUserName: 'Sid Tester',
  targetMessageId: null,
  targetReportId: null,
  targetFlagId: null,
  ipAddress: null,
  userAgent: null,
  success: true,
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

const activity: MemberActivity = {
  userId: MEMBER,
  name: 'Sid Tester',
  messagesSent: 3,
  lastMessageAt: '2026-11-20T09:00:00Z',
  actionsBy: { logs: [], total: 0 },
  actionsOn: { logs: [entry({})], total: 1 },
  reportsAgainst: {
    total: 1,
    reports: [
      {
        id: 'report-1',
        kind: 'post_report',
        targetId: 'reply-1',
        content: 'Watch your back',
        reporterId: 'user-8',
        reporterName: 'Rhea Tester',
        reportType: 'threat',
        reportReason: 'A threat',
        createdAt: '2026-11-20T08:00:00Z',
        isResolved: true,
        outcome: 'suspend',
        resolution: 'Threats',
      },
    ],
  },
};

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('./AdminUserPage.tsx'));

describe('the user view', () => {
  it("shows the member's account, the admin actions on them and the reports against them, and sends only the corrected fields", async () => {
    const fetchMock = stubApi({
      'GET /api/auth/user': () => ({ status: 200, body: admin }),
      'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 0 } }),
      [`GET /api/admin/users/${MEMBER}`]: () => ({ status: 200, body: account }),
      [`GET /api/admin/members/${MEMBER}/activity`]: () => ({ status: 200, body: activity }),
      [`GET /api/users/${MEMBER}/profile`]: () => ({ status: 200, body: profile }),
      [`PATCH /api/users/${MEMBER}/profile`]: () => ({ status: 200, body: { ...profile, jobTitle: 'Alchemist' } }),
    });
    renderApp(`/admin/users/${MEMBER}`);
    await screen.findByRole('heading', { level: 1, name: 'Sid Tester' });
    const accountSection = await screen.findByRole('region', { name: 'Account' });
    within(accountSection).getByText(/^Suspended until /);
    within(accountSection).getByText('Journeyman');
    within(accountSection).getByText('3');
    const actionsOn = screen.getByRole('region', { name: 'Admin actions on this member' });
    within(actionsOn).getByText(/user suspend · Suspended sid@example.com · by Ada Admin · Threats/);
    const reports = screen.getByRole('region', { name: 'Reports against this member' });
    within(reports).getByText('Resolved: suspend · Threats');
    within(within(reports).getByText(/threat by/)).getByRole('link', { name: 'Rhea Tester' });

    const profileSection = await screen.findByRole('region', { name: 'Profile' });
    await userEvent.click(within(profileSection).getByRole('button', { name: 'Correct profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the profile of Sid Tester' });
    const jobTitle = within(dialog).getByRole('textbox', { name: 'Job title' });
    await userEvent.clear(jobTitle);
    await userEvent.type(jobTitle, 'Alchemist');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await screen.findAllByText('Profile corrected');
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ jobTitle: 'Alchemist' }]);
  });
});
