import type { Request, RequestHandler } from 'express';
import { ForbiddenError, namesClientAddress } from '@crucible/platform';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * True when the request came from this machine: its socket is loopback and, when it came through the
 * gateway (which names every client it forwards, platform http/client-address.ts), the client the
 * gateway signed is loopback too. A named client without a valid signature is someone else's claim
 * and is refused; X-Forwarded-For is never read.
 */
export function comesFromLoopback(req: Pick<Request, 'socket' | 'headers' | 'gatewayClientAddress'>): boolean {
  if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) return false;
  return !namesClientAddress(req) || LOOPBACK.test(req.gatewayClientAddress ?? '');
}

/** The development stand-ins (dev OIDC provider, dev mailbox) do not exist for anyone else. */
export const loopbackOnly: RequestHandler = (req, _res, next) => {
  next(
    comesFromLoopback(req)
      ? undefined
      : new ForbiddenError('This development page answers requests from this machine only'),
  );
};
