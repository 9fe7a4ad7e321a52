import type { Request } from 'express';
import type { AccessLevel, SessionPrincipal } from '@crucible/proto';
import { requestMetaOf, type RequestMeta } from '../http/request-meta.ts';
import { isAdmin } from './admin.ts';

/**
 * Who is calling, the one shape every use case takes: the session's member at their current level,
 * and where the request came from (sessions and audit entries keep it). A service that needs a
 * derived view (the forum's level) derives it from this.
 */
export interface Caller {
  /** Lower-cased, as every service stores member ids. */
  userId: string;
  sessionId: string | null;
  accessLevel: AccessLevel;
  /** By the flag or by the Admin level: either alone grants it. */
  isAdmin: boolean;
  isModerator: boolean;
  emailVerified: boolean;
  meta: RequestMeta;
}

/** Request facts of a caller that is not an HTTP request (a seed, a bench, a bus request). */
export const NO_REQUEST_META: RequestMeta = { ipAddress: null, userAgent: null };

/** The caller a session principal describes, with the request facts it came with. */
export function callerFromPrincipal(principal: SessionPrincipal, meta: RequestMeta = NO_REQUEST_META): Caller {
  return {
    userId: principal.userId.toLowerCase(),
    sessionId: principal.sessionId || null,
    accessLevel: principal.accessLevel,
    isAdmin: isAdmin(principal),
    isModerator: principal.isModerator,
    emailVerified: principal.emailVerified,
    meta,
  };
}

/** The caller of a request `authenticate` signed in, if it did. */
export function optionalCallerOf(req: Request): Caller | undefined {
  return req.principal ? callerFromPrincipal(req.principal, requestMetaOf(req)) : undefined;
}
