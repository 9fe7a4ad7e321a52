import { LIMITS } from '@crucible/proto';
import { createWorkLoop, type Logger, type WorkLoop, type Mail, type Mailer } from '@crucible/platform';
import type { AuthConfig } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { emailTokenRepository } from '../repositories/email-tokens.ts';
import { mailRequestRepository, type MailRequest } from '../repositories/mail-requests.ts';
import { userRepository } from '../repositories/users.ts';
import { passwordResetMail, verificationMail } from './mails.ts';

const VERIFY_TTL_MINUTES = LIMITS.emailVerificationTokenTtlHours * 60;
/** A failed send is tried again after the lease, this many times in all. */
const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 60;
const POLL_INTERVAL_MS = 5_000;

/** start, stop, and kick when a request was queued (look now rather than at the next poll). */
export type MailSender = WorkLoop;

/**
 * Drains mail_requests in the background. The request path only queues (the same insert for any
 * address); here the address is resolved, and a mail is written only for a member it applies to,
 * with a token issued at that moment, so no token waits in the table or travels in an event.
 */
export function createMailSender(deps: {
  prisma: PrismaClient;
  mailer: Mailer;
  config: AuthConfig;
  logger: Logger;
}): MailSender {
  const { prisma, mailer, config, logger } = deps;

  async function mailFor(request: MailRequest): Promise<Mail | undefined> {
    const user = await userRepository.findByEmail(prisma, request.email);
    if (!user || user.authProvider !== 'email') return undefined;
    if (request.purpose === 'reset_password') {
      const ttlMinutes = LIMITS.passwordResetTokenTtlMinutes;
      const token = await emailTokenRepository.issue(prisma, {
        userId: user.id,
        purpose: 'reset_password',
        ttlMinutes,
      });
      return passwordResetMail(config.PUBLIC_URL, user.email, user.firstName, token, ttlMinutes);
    }
    if (user.emailVerified) return undefined;
    const token = await emailTokenRepository.issue(prisma, {
      userId: user.id,
      purpose: 'verify_email',
      ttlMinutes: VERIFY_TTL_MINUTES,
    });
    return verificationMail(config.PUBLIC_URL, user.email, user.firstName, token);
  }

  async function sendOne(request: MailRequest): Promise<void> {
    const mail = await mailFor(request);
    const sent = mail ? await mailer.send(mail) : true;
    if (sent || request.attempts >= MAX_ATTEMPTS) {
      if (!sent)
        logger.error(
          { purpose: request.purpose, attempts: request.attempts },
          'mail request dropped after repeated send failures',
        );
      await mailRequestRepository.remove(prisma, request.id);
    }
  }

  const loop = createWorkLoop({
    name: 'mail sender',
    intervalMs: POLL_INTERVAL_MS,
    logger,
    async pass() {
      for (
        let request = await mailRequestRepository.claimNext(prisma, LEASE_SECONDS);
        request && !loop.stopping();
        request = await mailRequestRepository.claimNext(prisma, LEASE_SECONDS)
      ) {
        await sendOne(request);
      }
    },
  });
  return loop;
}
