import {
  inOutboxTransaction,
  type Cache,
  type Emit,
  type EventBus,
  type Logger,
  type OutboxRelay,
  type RateLimit,
  type Mailer,
  type RequestMeta,
} from '@crucible/platform';
import type { AuthConfig } from '../config.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { MailSender } from './mail-sender.ts';
import type { PasswordHasher } from '../passwords.ts';
import type { AccessTokenSigner } from '../signing-keys.ts';

export const AUTH_SCHEMA = 'auth';

export interface AuthRateLimits {
  signInPerIp: RateLimit;
  /** Failures per account from any address: they slow sign-ins down, never refuse them. */
  signInFailuresPerAccount: RateLimit;
  signInFailuresPerAccountAndIp: RateLimit;
  signUpPerIp: RateLimit;
  passwordResetPerIp: RateLimit;
  passwordResetPerAccount: RateLimit;
  /** Wrong two-factor codes per account, from any challenge. */
  twoFactorFailuresPerAccount: RateLimit;
}

/** Everything the use cases need, built once by createService. */
export interface AuthContext {
  config: AuthConfig;
  prisma: PrismaClient;
  cache: Cache;
  /** Session changes are broadcast on it to every verifier's memory. */
  bus: Pick<EventBus, 'broadcast'>;
  hasher: PasswordHasher;
  signer: AccessTokenSigner;
  mailer: Mailer;
  /** Sends what mail_requests holds; use cases queue there and kick it. */
  mailSender: Pick<MailSender, 'kick'>;
  relay: OutboxRelay;
  logger: Logger;
  limits: AuthRateLimits;
}

export type { Emit, RequestMeta };

/** A state change and the events it emits, committed together (the platform's outbox transaction). */
export function inTransaction<T>(
  ctx: AuthContext,
  work: (tx: Prisma.TransactionClient, emit: Emit) => Promise<T>,
): Promise<T> {
  return inOutboxTransaction<Prisma.TransactionClient, T>(
    (run) => ctx.prisma.$transaction(run),
    { schema: AUTH_SCHEMA, relay: ctx.relay },
    work,
  );
}
