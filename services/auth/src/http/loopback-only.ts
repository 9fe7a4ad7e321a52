import type { Request, RequestHandler } from 'express';
import { ForbiddenError } from '@crucible/platform';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * True when the request and every hop it names came from this machine. Every hop, not req.ip:
 * auth trusts private addresses as proxies, so a client on the LAN that sends
 * `X-Forwarded-For: 127.0.0.1` through the gateway would otherwise pass as loopback. The gateway
 * appends the address it saw, so a remote client always leaves a non-loopback hop in the chain.
 */
export function comesFromLoopback(req: Pick<Request, 'socket' | 'headers'>): boolean {
  const forwarded = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return [req.socket.remoteAddress ?? '', ...hops].every((address) => LOOPBACK.test(address));
}

/** The development stand-ins (dev OIDC provider, dev mailbox) do not exist for anyone else. */
export const loopbackOnly: RequestHandler = (req, _res, next) => {
  next(
    comesFromLoopback(req)
      ? undefined
      : new ForbiddenError('This development page answers requests from this machine only'),
  );
};
