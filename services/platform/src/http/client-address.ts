import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** In a service: the client address the gateway signed, undefined when none was (or not validly). */
      gatewayClientAddress?: string;
    }
  }
}

/**
 * Who decides a request's client address. Only the gateway does, by its TRUST_PROXY setting (which
 * proxies in front of it may name the client in X-Forwarded-For). It removes every forwarding header
 * the client sent and names the address it decided in this header, signed with GATEWAY_SECRET
 * (HMAC-SHA256 of the address), a secret the gateway and the services share and no client has.
 * Services believe the header only when the signature is right and never read X-Forwarded-For; without
 * a valid header the address is the socket's own. So no client, on the LAN, a VPN or the cluster
 * network, chooses the address that rate limits, sessions and the audit log record. A copied header
 * can only ever claim the address it was signed for.
 */
export const CLIENT_ADDRESS_HEADER = 'x-crucible-client-address';

/** Headers a client could use to name an address; the gateway removes them before forwarding. */
export const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', CLIENT_ADDRESS_HEADER] as const;

function signatureOf(address: string, secret: string): string {
  return createHmac('sha256', secret).update(address).digest('base64url');
}

/** The header value naming `address`: `<address> <signature>`. */
export function signClientAddress(address: string, secret: string): string {
  return `${address} ${signatureOf(address, secret)}`;
}

/** The address a header value names when its signature is right, else undefined. */
export function verifyClientAddress(
  value: string | string[] | undefined,
  secret: string | undefined,
): string | undefined {
  if (!secret || typeof value !== 'string') return undefined;
  const [address, signature, ...rest] = value.split(' ');
  if (!address || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(signatureOf(address, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : undefined;
}

/** Whether the request names a client address at all (signed or not): it came through a gateway or claims to. */
export function namesClientAddress(req: Pick<IncomingMessage, 'headers'>): boolean {
  return req.headers[CLIENT_ADDRESS_HEADER] !== undefined;
}

/**
 * A service's `req.ip`: the gateway's signed address, else the socket's. Express's own `trust proxy`
 * is off, so X-Forwarded-For (and X-Forwarded-Proto) are never believed.
 */
export function useGatewayClientAddress(app: Express, gatewaySecret: string | undefined): void {
  app.set('trust proxy', false);
  Object.defineProperty(app.request, 'gatewayClientAddress', {
    configurable: true,
    enumerable: true,
    get(this: IncomingMessage) {
      return verifyClientAddress(this.headers[CLIENT_ADDRESS_HEADER], gatewaySecret);
    },
  });
  Object.defineProperty(app.request, 'ip', {
    configurable: true,
    enumerable: true,
    get(this: IncomingMessage & { gatewayClientAddress?: string }) {
      return this.gatewayClientAddress ?? this.socket.remoteAddress;
    },
  });
}
