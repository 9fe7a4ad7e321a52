import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import type { Cache } from './cache/cache.ts';
import type { EventBus } from './events/event-bus.ts';
import type { Logger } from './logging/logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';

/** One line of the launcher's start-up report: which implementation a component uses, and where. */
export interface ComponentReport {
  component: string;
  kind: string;
  location: string;
}

/** What every service's createService resolves to; main.ts or the launcher makes it listen. */
export interface RunningService {
  name: string;
  app: Express;
  /** Extra components the service chose (mail transport, identity provider, ...). */
  components?: ComponentReport[];
  /** Stops background work (relays flush, consumers drain) and closes its connections. */
  stop(): Promise<void>;
  /**
   * WebSocket upgrades on the service's own server (realtime's /ws). Upgraded sockets keep the HTTP
   * server from closing, so whoever listens closes them first.
   */
  webSocket?: {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
    closeAll(): Promise<void>;
  };
}

/** What the launcher, or a service's own main, hands every createService. */
export interface ServiceDeps {
  logger: Logger;
  bus: EventBus;
  cache: Cache;
  /** False when another service in the process already registers process metrics. */
  collectProcessMetrics?: boolean;
  /**
   * Where the service's mails go when the process shares one mailer (one process without SMTP: one dev
   * mailbox, so every service's mails show at /api/auth/dev-mailbox); else each service makes its own
   * from SMTP_URL.
   */
  mailer?: Mailer;
}

/** What a service that checks members' tokens it did not issue (every one but auth) is started with. */
export interface MemberServiceDeps extends ServiceDeps {
  /** How tokens are checked; by default auth's keys and sessions over the bus (tests pass their own). */
  verifier?: TokenVerifier;
}
