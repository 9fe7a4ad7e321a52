import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUBJECTS, realtimeRoutes, type NotificationPreferences } from '@crucible/proto';
import { createSmtpMailer, newEvent, silentLogger } from '@crucible/platform';
import { linkIn, startSmtpCapture, type SmtpCapture } from '@crucible/test-kit';
import { memberLastSeen } from './repositories/notification-preferences.ts';
import { runDigestPass } from './use-cases/email-digest.ts';
import { notifyFromEvent } from './use-cases/notifications.ts';
import {
  dmCreatedEvent,
  TestSocket,
  createRealtimeWorld,
  type Member,
  type RealtimeInstance,
  type RealtimeWorld,
} from './testing/realtime-harness.ts';

const WAIT = { timeout: 5_000, interval: 20 };
const PUBLIC_URL = 'http://crucible.test';
const MINUTE = 60_000;

let world: RealtimeWorld;
let rt: RealtimeInstance;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  world = await createRealtimeWorld();
  // The loop's own passes are an hour apart: the test runs each pass itself.
  rt = await world.startInstance({
    env: { PUBLIC_URL, SMTP_URL: smtp.url, REALTIME_DIGEST_INTERVAL_MS: String(60 * MINUTE) },
  });
}, 60_000);
afterAll(async () => {
  await world?.stop();
  await smtp?.close();
});

function mentionEvent(by: Member, mentioned: Member, discussionId: string, context: string) {
  return newEvent(SUBJECTS.forumMentionCreated, {
    mentionId: randomUUID(),
    mentionedUserId: mentioned.id,
    mentionedBy: by.id,
    mentionedByName: 'Men Tioner',
    discussionId,
    discussionTitle: 'Leading remote teams',
    replyId: randomUUID(),
    context,
  });
}

const list = (member: Member) => rt.call(realtimeRoutes.listNotifications, { token: member.token });
const setPreferences = (member: Member, update: Partial<NotificationPreferences>) =>
  rt.call(realtimeRoutes.updateNotificationPreferences, { token: member.token, body: update });
const digest = () =>
  runDigestPass(rt.service.context, {
    mailer: createSmtpMailer({ url: smtp.url, from: 'Crucible <no-reply@crucible.test>', logger: silentLogger }),
    links: rt.service.context.unsubscribeLinks,
  });

describe('notification preferences', () => {
  it('starts with every kind in the page and no e-mail, and changes only the fields given', async () => {
    const member = await world.member();
    await expect(rt.call(realtimeRoutes.getNotificationPreferences, { token: member.token })).resolves.toEqual({
      directMessages: 'page',
      replies: 'page',
      mentions: 'page',
      projects: 'page',
      notices: 'page',
      emailDigest: 'off',
    });
    await setPreferences(member, { directMessages: 'off' });
    await expect(setPreferences(member, { emailDigest: 'hourly' })).resolves.toMatchObject({
      directMessages: 'off',
      emailDigest: 'hourly',
      replies: 'page',
    });
    await rt.call(realtimeRoutes.updateNotificationPreferences, { token: member.token, body: {}, expect: 400 });
    // By path: a setting outside the contract's enum.
    await rt.call('/api/notifications/preferences', {
      method: 'PUT',
      token: member.token,
      json: { directMessages: 'loud' },
      expect: 400,
    });
  });

  it('stores and pushes nothing of a kind turned off, pushes a socket-only kind without storing it', async () => {
    const [sender, member] = [await world.member(), await world.member()];
    const socket = await TestSocket.open(rt.wsUrl, member.token);
    await notifyFromEvent(rt.service.context, dmCreatedEvent(sender, member, 'before'));
    await vi.waitFor(() => expect(socket.of('notification')).toHaveLength(1), WAIT);

    await setPreferences(member, { directMessages: 'off', mentions: 'socket' });
    await notifyFromEvent(rt.service.context, dmCreatedEvent(sender, member, 'while off'));
    await notifyFromEvent(rt.service.context, mentionEvent(sender, member, randomUUID(), 'live only'));
    // The mention's push comes after the DM was handled: by then a DM push would have come first.
    await vi.waitFor(() => expect(socket.of('notification')).toHaveLength(2), WAIT);
    expect(socket.of('notification')[1]).toMatchObject({
      live: true,
      notification: { type: 'mention', message: 'live only' },
    });

    const stored = await list(member);
    expect(stored.map((entry) => [entry.type, entry.message])).toEqual([['direct_message', 'before']]);
    await expect(rt.call(realtimeRoutes.notificationUnreadCount, { token: member.token })).resolves.toEqual({
      count: 1,
    });

    await setPreferences(member, { directMessages: 'page' });
    await notifyFromEvent(rt.service.context, dmCreatedEvent(sender, member, 'back on'));
    await vi.waitFor(() => expect(socket.of('notification')).toHaveLength(3), WAIT);
    expect((await list(member))[0]).toMatchObject({ count: 2, message: 'back on' });
    await socket.close();
  });

  it('groups mentions per discussion and project notices per project', async () => {
    const [by, member] = [await world.member(), await world.member()];
    const discussionId = randomUUID();
    for (const context of ['one', 'two', 'three'])
      await notifyFromEvent(rt.service.context, mentionEvent(by, member, discussionId, context));
    const projectId = randomUUID();
    for (const title of ['Plan', 'Build'])
      await notifyFromEvent(
        rt.service.context,
        newEvent(SUBJECTS.projectTaskCreated, {
          taskId: randomUUID(),
          projectId,
          title,
          assigneeIds: [member.id],
          actorId: by.id,
        }),
      );
    expect((await list(member)).map((entry) => [entry.type, entry.title, entry.count, entry.message])).toEqual([
      ['project_update', '2 task updates in your project', 2, 'New task: Build'],
      ['mention', '3 new mentions of you in "Leading remote teams"', 3, 'three'],
    ]);
  });
});

describe('the e-mail summary of what a member missed', () => {
  it('mails a member away for their delay once, not an active one nor one just gone, and the link unsubscribes', async () => {
    const sender = await world.member({ firstName: 'Lena' });
    const [away, active, justGone, neverAsked] = [
      await world.member({ firstName: 'Away' }),
      await world.member({ firstName: 'Active' }),
      await world.member({ firstName: 'Gone' }),
      await world.member({ firstName: 'Quiet' }),
    ];
    for (const member of [away, active, justGone]) await setPreferences(member, { emailDigest: '15m' });
    const socket = await TestSocket.open(rt.wsUrl, active.token);
    for (const member of [away, active, justGone, neverAsked]) {
      await notifyFromEvent(rt.service.context, dmCreatedEvent(sender, member, `hello ${member.firstName}`));
      await notifyFromEvent(rt.service.context, mentionEvent(sender, member, randomUUID(), 'see this'));
    }
    // Away 20 minutes; the active member's last-seen time is as old, but their socket is open now.
    for (const member of [away, active])
      await memberLastSeen.set(rt.service.context.prisma, member.id, new Date(Date.now() - 20 * MINUTE));
    await memberLastSeen.set(rt.service.context.prisma, justGone.id, new Date(Date.now() - 5 * MINUTE));

    await expect(digest()).resolves.toBe(1);
    const mail = await smtp.waitForMail(away.email, /While you were away/);
    expect(mail.subject).toBe('While you were away: 1 unread conversation and 1 mention');
    expect(mail.text).toContain(`hello Away`);
    expect(mail.text).toContain(`${PUBLIC_URL}/messages?with=${sender.id}`);
    // Nothing new since: the next pass sends nothing.
    await expect(digest()).resolves.toBe(0);
    const mailsTo = (member: Member) => smtp.mails.filter((sent) => sent.to.includes(member.email.toLowerCase()));
    expect(mailsTo(away)).toHaveLength(1);
    for (const member of [active, justGone, neverAsked]) expect(mailsTo(member)).toEqual([]);

    const link = linkIn(mail, `${PUBLIC_URL}/notifications/unsubscribe?token=`);
    const token = new URL(link).searchParams.get('token')!;
    // A token altered in its payload (another member) or its signature is refused; no sign-in is needed.
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: active.id }),
    ).toString('base64url');
    for (const tampered of [
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${signature!.slice(0, -2)}AA`,
    ])
      await rt.call(realtimeRoutes.unsubscribeFromDigest, { body: { token: tampered }, expect: 400 });
    await expect(rt.call(realtimeRoutes.getNotificationPreferences, { token: active.token })).resolves.toMatchObject({
      emailDigest: '15m',
    });

    await expect(rt.call(realtimeRoutes.unsubscribeFromDigest, { body: { token } })).resolves.toEqual({
      emailDigest: 'off',
    });
    await expect(rt.call(realtimeRoutes.getNotificationPreferences, { token: away.token })).resolves.toMatchObject({
      emailDigest: 'off',
    });
    // Off now: a new message while away mails nothing.
    await notifyFromEvent(rt.service.context, dmCreatedEvent(sender, away, 'after unsubscribing'));
    await expect(digest()).resolves.toBe(0);
    await socket.close();
  });
});
