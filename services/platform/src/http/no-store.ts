import type { RequestHandler } from 'express';
import { tokenOf } from '../auth/authenticate.ts';

/**
 * Every API answer to a request that carries a credential (bearer token or the auth cookie) is
 * `Cache-Control: no-store` unless its route says otherwise (content-addressed pictures, attachment
 * downloads): a member's data must not stay in a shared or browser cache after sign-out.
 */
export const noStoreForCredentials: RequestHandler = (req, res, next) => {
  if (req.path.startsWith('/api/') && tokenOf(req) !== undefined) res.setHeader('Cache-Control', 'no-store');
  next();
};
