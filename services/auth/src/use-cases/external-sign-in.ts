import { SUBJECTS } from '@crucible/proto';
import { ForbiddenError, isUniqueViolation } from '@crucible/platform';
import type { ExternalIdentity } from '../oidc/oidc-login.ts';
import { userRepository, type User } from '../repositories/users.ts';
import { inTransaction, type AuthContext, type RequestMeta } from './context.ts';
import { startSession, type StartedSession } from './sessions.ts';
import { toUserEventPayload } from './user-views.ts';

export const DEV_PROVIDER_REFUSED =
  'The development sign-in cannot open an account that has a password or admin rights. Sign in with the password instead.';

export const ACCOUNT_LINK_REFUSED =
  'An account with this email already exists. Sign in with your password and verify your email before using external sign-in.';

/**
 * The development provider vouches for whatever e-mail was typed into its form: it may only open
 * accounts it could have created itself, never one that a password or admin rights protect.
 */
function mayOpen(identity: ExternalIdentity, user: User): User {
  if (identity.fromDevelopmentProvider && (user.passwordHash || user.isAdmin || user.accessLevel === 'Admin'))
    throw new ForbiddenError(DEV_PROVIDER_REFUSED);
  return user;
}

/**
 * Finds the member by provider subject; else links an existing account, but only when both sides
 * vouch for the e-mail (our verified flag and the provider's email_verified); else creates one with
 * the external provider, which is exempt from verification.
 */
async function resolveMember(ctx: AuthContext, identity: ExternalIdentity): Promise<User> {
  const known = await userRepository.findByExternalSubject(ctx.prisma, identity.subject);
  if (known) return mayOpen(identity, known);
  const sameEmail = await userRepository.findByEmail(ctx.prisma, identity.email);
  if (sameEmail) {
    mayOpen(identity, sameEmail);
    if (!sameEmail.emailVerified || !identity.emailVerified) throw new ForbiddenError(ACCOUNT_LINK_REFUSED);
    return userRepository.update(ctx.prisma, sameEmail.id, { externalSubject: identity.subject });
  }
  return inTransaction(ctx, async (tx, emit) => {
    const created = await userRepository.create(tx, {
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
      authProvider: 'oidc',
      externalSubject: identity.subject,
      emailVerified: true,
    });
    await emit(SUBJECTS.userCreated, toUserEventPayload(created));
    return created;
  });
}

export async function signInWithExternalIdentity(
  ctx: AuthContext,
  identity: ExternalIdentity,
  meta: RequestMeta,
): Promise<StartedSession> {
  let user: User;
  try {
    user = await resolveMember(ctx, identity);
  } catch (error) {
    // Two callbacks of one person raced to create the account: the second finds it.
    if (!isUniqueViolation(error)) throw error;
    user = await resolveMember(ctx, identity);
  }
  return startSession(ctx, user, meta);
}
