/** The services behind the gateway and the port each listens on in one-machine mode. */
export const SERVICES = {
  auth: { defaultPort: 5101 },
  forum: { defaultPort: 5102 },
  dm: { defaultPort: 5103 },
  project: { defaultPort: 5104 },
  profile: { defaultPort: 5105 },
  admin: { defaultPort: 5106 },
  realtime: { defaultPort: 5107 },
} as const;
export type ServiceName = keyof typeof SERVICES;

export type RouteAccess = 'public' | 'member';
export interface GatewayRoute {
  /** Path prefix; the longest matching prefix wins. `:id` segments match one path segment. */
  prefix: string;
  service: ServiceName;
  access: RouteAccess;
}

/**
 * The gateway's route table. Public routes pass without a token; member routes need a valid one.
 * Services check roles and ownership themselves.
 */
export const GATEWAY_ROUTES: readonly GatewayRoute[] = [
  { prefix: '/api/auth/signup', service: 'auth', access: 'public' },
  { prefix: '/api/auth/signin', service: 'auth', access: 'public' },
  { prefix: '/api/auth/signout', service: 'auth', access: 'public' },
  { prefix: '/api/auth/user', service: 'auth', access: 'public' },
  { prefix: '/api/auth/request-password-reset', service: 'auth', access: 'public' },
  { prefix: '/api/auth/reset-password', service: 'auth', access: 'public' },
  { prefix: '/api/auth/change-password', service: 'auth', access: 'member' },
  { prefix: '/api/auth/verify-email', service: 'auth', access: 'public' },
  { prefix: '/api/auth/jwks', service: 'auth', access: 'public' },
  { prefix: '/api/auth/dev-mailbox', service: 'auth', access: 'public' },
  { prefix: '/api/auth/two-factor', service: 'auth', access: 'member' },
  { prefix: '/api/auth/sessions', service: 'auth', access: 'member' },
  { prefix: '/api/auth/passkeys', service: 'auth', access: 'member' },
  { prefix: '/api/auth/data-exports', service: 'auth', access: 'member' },
  { prefix: '/api/auth/account', service: 'auth', access: 'member' },
  { prefix: '/api/auth/oidc', service: 'auth', access: 'public' },
  { prefix: '/api/login', service: 'auth', access: 'public' },
  { prefix: '/api/callback', service: 'auth', access: 'public' },
  { prefix: '/api/users/search', service: 'auth', access: 'member' },
  { prefix: '/api/users/count', service: 'auth', access: 'member' },
  { prefix: '/api/users/core', service: 'auth', access: 'member' },
  { prefix: '/api/admin/users', service: 'auth', access: 'member' },
  { prefix: '/api/admin/security-policy', service: 'auth', access: 'member' },
  // The signed URL is the credential of a one-machine blob upload or download.
  { prefix: '/api/blobs', service: 'forum', access: 'public' },
  { prefix: '/api/discussions', service: 'forum', access: 'member' },
  { prefix: '/api/subcategories', service: 'forum', access: 'member' },
  { prefix: '/api/forum-levels', service: 'forum', access: 'member' },
  { prefix: '/api/attachments', service: 'forum', access: 'member' },
  { prefix: '/api/forum-moderators', service: 'forum', access: 'member' },
  { prefix: '/api/search', service: 'forum', access: 'member' },
  { prefix: '/api/users/:id/watched', service: 'forum', access: 'member' },
  { prefix: '/api/direct-messages', service: 'dm', access: 'member' },
  { prefix: '/api/admin/message-reports', service: 'admin', access: 'member' },
  { prefix: '/api/admin/access-levels', service: 'admin', access: 'member' },
  { prefix: '/api/admin/conversations', service: 'admin', access: 'member' },
  { prefix: '/api/admin/direct-messages', service: 'admin', access: 'member' },
  { prefix: '/api/admin/message-flags', service: 'admin', access: 'member' },
  { prefix: '/api/admin/messages', service: 'admin', access: 'member' },
  { prefix: '/api/admin/audit-logs', service: 'admin', access: 'member' },
  { prefix: '/api/admin/review-queue', service: 'admin', access: 'member' },
  { prefix: '/api/admin/members', service: 'admin', access: 'member' },
  { prefix: '/api/users/:id/profile', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/profile-form', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/workplaces', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/education', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/picture', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/leadership-progress', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/skills', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/stats', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/views', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/analytics', service: 'profile', access: 'member' },
  { prefix: '/api/users/:id/privacy', service: 'profile', access: 'member' },
  { prefix: '/api/skills', service: 'profile', access: 'member' },
  { prefix: '/api/members', service: 'profile', access: 'member' },
  // Content-hashed picture files: an <img> anywhere shows them, the hash is unguessable.
  { prefix: '/api/profile-pictures', service: 'profile', access: 'public' },
  { prefix: '/api/projects', service: 'project', access: 'member' },
  { prefix: '/api/tasks', service: 'project', access: 'member' },
  { prefix: '/api/users/:id/tasks', service: 'project', access: 'member' },
  { prefix: '/api/users/online', service: 'realtime', access: 'member' },
  { prefix: '/api/messages', service: 'realtime', access: 'member' },
  // The e-mail summary's unsubscribe link works without signing in: its signed token is the credential.
  { prefix: '/api/notifications/unsubscribe', service: 'realtime', access: 'public' },
  { prefix: '/api/notifications', service: 'realtime', access: 'member' },
];

export const WEBSOCKET_PATH = '/ws';
