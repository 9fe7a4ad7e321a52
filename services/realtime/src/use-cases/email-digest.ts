import { randomBytes } from 'node:crypto';
import escapeHtml from 'escape-html';
import { SignJWT, jwtVerify } from 'jose';
import { DIGEST_UNSUBSCRIBE_PURPOSE, NOTIFICATION_PREFERENCE_MESSAGES } from '@crucible/proto';
import { BadRequestError, createWorkLoop, type Mail, type Mailer, type WorkLoop } from '@crucible/platform';
import {
  notificationPreferences,
  serviceSecrets,
  type DigestCandidate,
  type DigestItem,
} from '../repositories/notification-preferences.ts';
import type { RealtimeContext } from './context.ts';
import { linkOf } from './notifications.ts';

/** Members mailed per pass at most; the rest wait for the next pass. */
const DIGEST_BATCH = 100;
/** Entries listed in one summary, the newest first; the rest are a click away on /notifications. */
const DIGEST_ITEMS = 20;
const UNSUBSCRIBE_SECRET = 'digest-unsubscribe-key';
/** A link keeps working this long (a mail read weeks later still unsubscribes). */
const UNSUBSCRIBE_TTL = '180d';

/** Signs and checks the summary's unsubscribe links: HS256 with the service's own stored key. */
export interface UnsubscribeLinks {
  sign(userId: string): Promise<string>;
  /** The member the token names; refused (400) when forged, altered, expired or made for anything else. */
  verify(token: string): Promise<string>;
}

export async function createUnsubscribeLinks(ctx: Pick<RealtimeContext, 'prisma'>): Promise<UnsubscribeLinks> {
  const key = Buffer.from(
    await serviceSecrets.getOrCreate(ctx.prisma, UNSUBSCRIBE_SECRET, () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  return {
    sign: (userId) =>
      new SignJWT({ purpose: DIGEST_UNSUBSCRIBE_PURPOSE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(UNSUBSCRIBE_TTL)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.purpose === DIGEST_UNSUBSCRIBE_PURPOSE && typeof payload.sub === 'string') return payload.sub;
      } catch {
        // Every failure answers alike below: a forger learns nothing from the reason.
      }
      throw new BadRequestError(NOTIFICATION_PREFERENCE_MESSAGES.invalidUnsubscribeLink);
    },
  };
}

/** The unsubscribe link's action: the e-mail summary goes off for the member the token names. */
export async function unsubscribeFromDigest(
  ctx: RealtimeContext,
  links: UnsubscribeLinks,
  token: string,
): Promise<{ emailDigest: 'off' }> {
  const userId = await links.verify(token);
  await notificationPreferences.update(ctx.prisma, userId, { emailDigest: 'off' });
  return { emailDigest: 'off' };
}

function digestMail(publicUrl: string, member: DigestCandidate, items: DigestItem[], unsubscribeUrl: string): Mail {
  const messages = items.filter((item) => item.type === 'direct_message').length;
  const mentions = items.length - messages;
  const parts = [
    messages && `${messages} unread conversation${messages === 1 ? '' : 's'}`,
    mentions && `${mentions} mention${mentions === 1 ? '' : 's'}`,
  ].filter(Boolean);
  const subject = `While you were away: ${parts.join(' and ')}`;
  const lines = items.map((item) => {
    const link = linkOf(item);
    return { text: `${item.title}: ${item.message}`, url: link ? new URL(link, publicUrl).toString() : null };
  });
  const greeting = `Hi ${member.firstName ?? 'there'},`;
  const text = [
    greeting,
    '',
    'This is what came for you on Crucible while you were away:',
    '',
    ...lines.map((line) => `- ${line.text}${line.url ? `\n  ${line.url}` : ''}`),
    '',
    `Open Crucible: ${new URL('/notifications', publicUrl).toString()}`,
    '',
    `Stop these summaries: ${unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>This is what came for you on Crucible while you were away:</p>',
    `<ul>${lines
      .map((line) =>
        line.url
          ? `<li><a href="${escapeHtml(line.url)}">${escapeHtml(line.text)}</a></li>`
          : `<li>${escapeHtml(line.text)}</li>`,
      )
      .join('')}</ul>`,
    `<p><a href="${escapeHtml(unsubscribeUrl)}">Stop these summaries</a></p>`,
  ].join('');
  return { to: member.email, subject, text, html };
}

/**
 * One pass of the e-mail summary: every member with it on who has been away for their delay and has
 * unread direct messages or mentions newer than their previous summary gets one mail of them. A member
 * online now (a socket on any instance) is left out even when their last-seen time is old. Each
 * summary is claimed before it is sent, so replicas running the pass at once send it once. Answers
 * how many mails went out.
 */
export async function runDigestPass(
  ctx: RealtimeContext,
  deps: { mailer: Mailer; links: UnsubscribeLinks },
  now = new Date(),
): Promise<number> {
  const candidates = await notificationPreferences.digestCandidates(ctx.sql, now, DIGEST_BATCH);
  if (candidates.length === 0) return 0;
  const online = new Set(await ctx.presence.onlineIds());
  let sent = 0;
  for (const member of candidates) {
    if (online.has(member.userId)) continue;
    if (!(await notificationPreferences.claimDigest(ctx.sql, member.userId, member.digestSentAt, now))) continue;
    const items = await notificationPreferences.digestItems(ctx.sql, member.userId, member.digestSentAt, DIGEST_ITEMS);
    // Read in the meantime (another tab, another device): nothing is left to tell.
    if (items.length === 0) continue;
    const token = await deps.links.sign(member.userId);
    const unsubscribeUrl = new URL(`/notifications/unsubscribe?token=${token}`, ctx.config.PUBLIC_URL).toString();
    if (await deps.mailer.send(digestMail(ctx.config.PUBLIC_URL, member, items, unsubscribeUrl))) sent += 1;
    else await notificationPreferences.releaseDigest(ctx.sql, member.userId, now, member.digestSentAt);
  }
  return sent;
}

/** The summary's pass every REALTIME_DIGEST_INTERVAL_MS, on the platform's work loop. */
export function createDigestLoop(ctx: RealtimeContext, deps: { mailer: Mailer; links: UnsubscribeLinks }): WorkLoop {
  return createWorkLoop({
    name: 'e-mail summary',
    intervalMs: ctx.config.REALTIME_DIGEST_INTERVAL_MS,
    logger: ctx.logger,
    pass: async () => {
      const sent = await runDigestPass(ctx, deps);
      if (sent > 0) ctx.logger.info({ sent }, 'e-mail summaries sent');
    },
  });
}
