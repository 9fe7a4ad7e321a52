import Bowser from 'bowser';
import { ACCOUNT_SECURITY_MESSAGES, type ActiveSession } from '@crucible/proto';
import { NotFoundError, type Caller } from '@crucible/platform';
import { sessionRepository } from '../repositories/sessions.ts';
import { inTransaction, type AuthContext } from './context.ts';
import { forgetRevokedSessions, revokeSessions } from './sessions.ts';

/** How stale a session's 'last seen' may get: one write per member per interval, not per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** 'Chrome 131 on Linux', from the user agent the session was opened with. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown device';
}

export async function listSessions(ctx: AuthContext, caller: Caller): Promise<ActiveSession[]> {
  const sessions = await sessionRepository.listLive(ctx.prisma, caller.userId);
  return sessions
    .map((session) => ({
      id: session.id,
      current: session.id === caller.sessionId,
      device: describeDevice(session.userAgent),
      ipAddress: session.ipAddress,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: (session.lastSeenAt ?? session.createdAt).toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

async function endSessions(ctx: AuthContext, userId: string, sessionIds: string[], reason: string): Promise<void> {
  await inTransaction(ctx, (tx, emit) => revokeSessions(tx, emit, userId, sessionIds, reason));
  // The caches every verifier reads: the token is refused on its next request, its sockets close.
  await forgetRevokedSessions(ctx, sessionIds);
}

/** Another member's session, or one already ended, is 'not found' alike. */
export async function endSession(ctx: AuthContext, caller: Caller, sessionId: string): Promise<void> {
  const live = await sessionRepository.liveIdsOfUser(ctx.prisma, caller.userId);
  if (!live.includes(sessionId)) throw new NotFoundError(ACCOUNT_SECURITY_MESSAGES.sessionNotFound);
  await endSessions(ctx, caller.userId, [sessionId], 'ended by the member');
}

export async function endOtherSessions(ctx: AuthContext, caller: Caller): Promise<{ ended: number }> {
  const others = await sessionRepository.liveIdsOfUser(ctx.prisma, caller.userId, caller.sessionId ?? undefined);
  await endSessions(ctx, caller.userId, others, 'ended by the member');
  return { ended: others.length };
}

/** Notes that the caller's session was used (at most every LAST_SEEN_EVERY_MS). */
export async function noteSessionSeen(ctx: AuthContext, caller: Caller): Promise<void> {
  if (caller.sessionId) await sessionRepository.touch(ctx.prisma, caller.sessionId, LAST_SEEN_EVERY_MS);
}
