import { z } from 'zod';
import { signInChallengeResponseSchema } from './account-security.ts';
import { accessLevelSchema } from './access-schema.ts';
import { ACCESS_LEVELS, AUTH_PROVIDERS, hasAccess, type AccessLevel } from './access.ts';
import { AUTH_MESSAGES, EMAIL_PATTERN } from './auth-messages.ts';
import { LIMITS } from './limits.ts';
import { oneLineText } from './text.ts';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email.max, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: AUTH_MESSAGES.invalidEmail }));
const name = (required: string) =>
  oneLineText('Name').trim().min(1, required).max(LIMITS.name.max, AUTH_MESSAGES.nameTooLong);
const newPassword = (tooShort: string) =>
  z.string().min(LIMITS.password.min, tooShort).max(LIMITS.password.max, AUTH_MESSAGES.passwordTooLong);

export const signUpRequestSchema = z.strictObject({
  email,
  password: newPassword(AUTH_MESSAGES.passwordTooShort),
  firstName: name(AUTH_MESSAGES.firstNameRequired),
  lastName: name(AUTH_MESSAGES.lastNameRequired),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signInRequestSchema = z.strictObject({
  email,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(LIMITS.password.max, AUTH_MESSAGES.passwordTooLong),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const requestPasswordResetSchema = z.strictObject({ email });
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1, AUTH_MESSAGES.noResetToken).max(512, AUTH_MESSAGES.resetTokenInvalid),
  password: newPassword(AUTH_MESSAGES.resetPasswordTooShort),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** `signOutOtherSessions`: every session but the caller's ends (the old password may be known). */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string()
    .min(1, AUTH_MESSAGES.currentPasswordRequired)
    .max(LIMITS.password.max, AUTH_MESSAGES.passwordTooLong),
  newPassword: newPassword(AUTH_MESSAGES.passwordTooShort),
  signOutOtherSessions: z.boolean().default(false),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The web form of the security page: the confirmation is checked in the browser only. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, AUTH_MESSAGES.currentPasswordRequired),
    newPassword: newPassword(AUTH_MESSAGES.passwordTooShort),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** The web form of the reset screen: the confirmation is checked in the browser only. */
export const resetPasswordFormSchema = z
  .object({ password: newPassword(AUTH_MESSAGES.resetPasswordTooShort), confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const verifyEmailQuerySchema = z.object({ token: z.string().min(1).max(512) });

export const messageResponseSchema = z.object({ message: z.string() });
/**
 * `emailSent`: the member was mailed a verification link and is not signed in. Otherwise they are
 * signed in at once, and the answer carries the token (also set as the cookie).
 */
export const signUpResponseSchema = z.object({
  message: z.string(),
  emailSent: z.boolean(),
  token: z.string().optional(),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;
export const signedInResponseSchema = z.object({ message: z.string(), token: z.string() });
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;
/** Signed in, or (two-factor on) asked for a code: the token comes only after it. */
export const signInResponseSchema = z.union([signedInResponseSchema, signInChallengeResponseSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  accessLevel: accessLevelSchema,
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
  emailVerified: z.boolean(),
  authProvider: z.enum(AUTH_PROVIDERS),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * Who may see a member's e-mail address when the member set nothing else (admins always may); the
 * profile's contact-information setting (`contactInfoVisible`) makes it per member.
 */
export const DEFAULT_CONTACT_INFO_VISIBILITY = 'Apprentice' as const satisfies (typeof ACCESS_LEVELS)[number];

/** Who is looking, as every session principal says. */
export interface ContactViewer {
  userId: string;
  accessLevel: AccessLevel;
  isAdmin: boolean;
}

/**
 * The one rule for a member's e-mail in any payload that names them (authors, online users, chat
 * senders, conversation partners, directory, assignees): admins and the member themself always see
 * it, others when at or above the member's contact-information tier (null: the default tier).
 */
export function maySeeContactInfo(
  viewer: ContactViewer,
  member: { id: string; contactInfoVisible: AccessLevel | null | undefined },
): boolean {
  return (
    viewer.isAdmin ||
    viewer.accessLevel === 'Admin' ||
    viewer.userId.toLowerCase() === member.id.toLowerCase() ||
    hasAccess(viewer.accessLevel, member.contactInfoVisible ?? DEFAULT_CONTACT_INFO_VISIBILITY)
  );
}

/** The member's e-mail as `viewer` may see it: the address, or null. */
export function emailSeenBy(
  viewer: ContactViewer,
  member: { id: string; email: string | null; contactInfoVisible: AccessLevel | null | undefined },
): string | null {
  return maySeeContactInfo(viewer, member) ? member.email : null;
}

/** The tiers whose members' e-mails `viewer` may see (for a query that filters before it reads). */
export function contactTiersVisibleTo(viewer: Pick<ContactViewer, 'accessLevel'>): AccessLevel[] {
  return ACCESS_LEVELS.filter((tier) => hasAccess(viewer.accessLevel, tier));
}

/** What other members may learn of a member: search results, Core lists, online lists. */
export const userSummarySchema = z.object({
  id: z.string(),
  /** Null when the viewer may not see it (contact-information privacy). */
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  accessLevel: accessLevelSchema,
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userSearchQuerySchema = z.object({
  q: z.string().trim().min(LIMITS.userSearch.minChars, AUTH_MESSAGES.searchTooShort).max(100),
  /** Only members at this level or above, and admins (they read everything): who can read a discussion at it. */
  minAccessLevel: accessLevelSchema.optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;
export const countResponseSchema = z.object({ count: z.number().int().nonnegative() });
export type CountResponse = z.infer<typeof countResponseSchema>;

/** Admin view of a user. */
export const adminUserSchema = currentUserSchema.omit({ profileImageUrl: true }).extend({
  createdAt: z.string(),
  /** False while an admin has deactivated the account (reversible, unlike deleting it). */
  isActive: z.boolean(),
  deactivatedAt: z.string().nullable(),
  /** While in the future the member cannot sign in; the suspension ends by itself then. */
  suspendedUntil: z.string().nullable(),
  /** When one of their sessions was last used; null when never. */
  lastSeenAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * The users table's status filter, one status per member in this order: deactivated, then
 * suspended (until the end), then unverified (e-mail not confirmed), else active.
 */
export const ADMIN_USER_STATUSES = ['active', 'suspended', 'deactivated', 'unverified'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];
/** name: A to Z; joined and last_seen: most recent first (never seen last). */
export const ADMIN_USER_SORTS = ['joined', 'name', 'last_seen'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const adminUserListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.adminUsers.maxPageSize).default(LIMITS.adminUsers.pageSize),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(100).optional(),
  tier: z.enum(ACCESS_LEVELS, { error: AUTH_MESSAGES.userFilterInvalid }).optional(),
  status: z.enum(ADMIN_USER_STATUSES, { error: AUTH_MESSAGES.userFilterInvalid }).optional(),
  /** admin: the admin flag or the Admin level; member: neither. */
  role: z.enum(['admin', 'member'], { error: AUTH_MESSAGES.userFilterInvalid }).optional(),
  sort: z.enum(ADMIN_USER_SORTS, { error: AUTH_MESSAGES.userFilterInvalid }).default('joined'),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;
export const adminUserListResponseSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

export const adminUserPatchSchema = z
  .strictObject({
    firstName: name(AUTH_MESSAGES.firstNameRequired).optional(),
    lastName: name(AUTH_MESSAGES.lastNameRequired).optional(),
    email: email.optional(),
    accessLevel: accessLevelSchema.optional(),
    isModerator: z.boolean().optional(),
    isAdmin: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

export const setAccessLevelSchema = z.strictObject({
  accessLevel: z.enum(ACCESS_LEVELS, { error: `Access level must be one of ${ACCESS_LEVELS.join(', ')}` }),
});
/** POST /api/admin/users/{id}/suspend: until when (in the future, at most a year) and why. */
export const suspendUserSchema = z.strictObject({
  until: z.iso
    .datetime({ offset: true, error: AUTH_MESSAGES.suspensionEndInPast })
    .transform((until) => new Date(until))
    .refine((until) => until.getTime() > Date.now(), AUTH_MESSAGES.suspensionEndInPast),
  reason: z
    .string({ error: AUTH_MESSAGES.suspensionReasonRequired })
    .trim()
    .min(1, AUTH_MESSAGES.suspensionReasonRequired)
    .max(1000),
});
export type SuspendUser = z.input<typeof suspendUserSchema>;

/** The sign-in refusal of a suspended member, naming when the suspension ends (UTC) and why. */
export function accountSuspendedMessage(until: Date, reason: string | null = null): string {
  const when = until.toISOString().replace('T', ' ').slice(0, 16);
  return `This account is suspended until ${when} UTC.${reason ? ` Reason: ${reason}` : ''}`;
}

export const adminPasswordResetResponseSchema = z.object({ message: z.string(), emailSent: z.boolean() });

/** The web app's one-time value for an external sign-in, echoed to /auth/callback so it knows it asked. */
export const externalLoginQuerySchema = z.object({
  state: z
    .string()
    .regex(/^[\w-]{16,128}$/, 'state must be 16 to 128 letters, digits, _ or -')
    .optional(),
});
