import type { Request, RequestHandler } from 'express';
import { parse as parseCookies } from 'cookie';
import { AUTH_COOKIE_NAME, CSRF_HEADER_NAME, type SessionPrincipal } from '@crucible/proto';
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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_REFUSED = `A change signed in by cookie alone needs the ${CSRF_HEADER_NAME} header (or an Authorization bearer token)`;

/** The bearer token of the Authorization header, else the auth cookie, and which one it was. */
function credentialOf(req: Pick<Request, 'headers'>): { token: string; fromCookie: boolean } | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    return token ? { token, fromCookie: false } : undefined;
  }
  const cookieHeader = req.headers.cookie;
  const token = cookieHeader ? parseCookies(cookieHeader)[AUTH_COOKIE_NAME] : undefined;
  return token ? { token, fromCookie: true } : undefined;
}

/** The bearer token of the Authorization header, else the auth cookie. */
export function tokenOf(req: Pick<Request, 'headers'>): string | undefined {
  return credentialOf(req)?.token;
}

/**
 * Sets req.principal when a valid token is present; `required` answers 401 otherwise. The cookie
 * is SameSite=Lax, which a page on another port of the same host still gets sent: a state change
 * it authenticates alone is refused (403) unless it carries a header no form can send.
 */
export function authenticate(verifier: TokenVerifier, options: { required: boolean }): RequestHandler {
  return async (req, _res, next) => {
    const credential = credentialOf(req);
    if (!credential) return next(options.required ? new UnauthorizedError() : undefined);
    if (credential.fromCookie && !SAFE_METHODS.has(req.method) && !req.headers[CSRF_HEADER_NAME])
      return next(new ForbiddenError(CSRF_REFUSED));
    const { token } = credential;
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
