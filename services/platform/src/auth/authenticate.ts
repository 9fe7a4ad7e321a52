import type { Request, RequestHandler } from 'express';
import { parse as parseCookies } from 'cookie';
import { AUTH_COOKIE_NAME, type SessionPrincipal } from '@crucible/proto';
import { ForbiddenError, UnauthorizedError } from '../errors/http-errors.ts';
import type { TokenVerifier } from './token-verifier.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      principal?: SessionPrincipal;
    }
  }
}

/** The bearer token of the Authorization header, else the auth cookie. */
export function tokenOf(req: Pick<Request, 'headers'>): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  const cookieHeader = req.headers.cookie;
  return cookieHeader ? parseCookies(cookieHeader)[AUTH_COOKIE_NAME] || undefined : undefined;
}

/** Sets req.principal when a valid token is present; `required` answers 401 otherwise. */
export function authenticate(verifier: TokenVerifier, options: { required: boolean }): RequestHandler {
  return async (req, _res, next) => {
    const token = tokenOf(req);
    if (!token) return next(options.required ? new UnauthorizedError() : undefined);
    try {
      req.principal = await verifier.verify(token);
      next();
    } catch (error) {
      if (error instanceof UnauthorizedError && !options.required) return next();
      next(error);
    }
  };
}

/** The signed-in member of a route behind `authenticate({required: true})`. */
export function principalOf(req: Request): SessionPrincipal {
  if (!req.principal) throw new UnauthorizedError();
  return req.principal;
}

export function requireAdmin(req: Request): SessionPrincipal {
  const principal = principalOf(req);
  if (!principal.isAdmin && principal.accessLevel !== 'Admin') throw new ForbiddenError('Admin access required');
  return principal;
}
