import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUBJECTS, realtimeRoutes, type CallInput } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
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

let world: RealtimeWorld;
let rt: RealtimeInstance;

beforeAll(async () => {
  world = await createRealtimeWorld();
  rt = await world.startInstance();
}, 60_000);
afterAll(() => world?.stop());

function replyEvent(replier: Member, author: Member, discussionId: string, excerpt: string) {
  return newEvent(SUBJECTS.forumReplyCreated, {
    replyId: randomUUID(),
    discussionId,
    discussionTitle: 'Leading remote teams',
    accessLevel: 'Apprentice',
    authorId: replier.id,
    authorName: 'Rae Plier',
    discussionAuthorId: author.id,
    notifyUserIds: [author.id],
    excerpt,
    createdAt: new Date().toISOString(),
  });
}

const list = (member: Member) => rt.call(realtimeRoutes.listNotifications, { token: member.token });
const unread = (member: Member) => rt.call(realtimeRoutes.notificationUnreadCount, { token: member.token });

describe('grouped notifications', () => {
  it('makes one entry per conversation, counted and updated in place, and counts a redelivered event once', async () => {
    const [lena, reader] = [await world.member({ firstName: 'Lena' }), await world.member()];
    const socket = await TestSocket.open(rt.wsUrl, reader.token);
    const events = ['first', 'second', 'third'].map((content) => dmCreatedEvent(lena, reader, content));
    for (const event of events) await rt.bus.publish(event);
    await vi.waitFor(
      () => expect(socket.of('notification').map((push) => push.notification.count)).toEqual([1, 2, 3]),
      WAIT,
    );
    // The handler as a redelivery runs it: the event is already in the entry.
    await notifyFromEvent(rt.service.context, events[1]!);

    const entries = await list(reader);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'direct_message',
      title: `3 new messages from Lena ${lena.lastName}`,
      message: 'third',
      count: 3,
      isRead: false,
      link: `/messages?with=${lena.id}`,
    });
    expect(new Set(socket.of('notification').map((push) => push.notification.id))).toEqual(new Set([entries[0]!.id]));
    await expect(unread(reader)).resolves.toEqual({ count: 1 });
    await socket.close();
  });

  it("reads the conversation's entry when the member reads the conversation, and starts a new one after", async () => {
    const [sender, reader, other] = [await world.member(), await world.member(), await world.member()];
    const socket = await TestSocket.open(rt.wsUrl, reader.token);
    for (const content of ['one', 'two']) await rt.bus.publish(dmCreatedEvent(sender, reader, content));
    await rt.bus.publish(dmCreatedEvent(other, reader, 'from someone else'));
    await vi.waitFor(() => expect(socket.of('notification')).toHaveLength(3), WAIT);
    const entryOfSender = (await list(reader)).find((entry) => entry.fromUserId === sender.id)!;

    await rt.bus.publish(
      newEvent(SUBJECTS.dmMessageRead, {
        readerId: reader.id,
        senderId: sender.id,
        messageIds: [randomUUID()],
        readAt: new Date().toISOString(),
      }),
    );
    await vi.waitFor(
      () => expect(socket.of('notifications_read')).toEqual([{ type: 'notifications_read', ids: [entryOfSender.id] }]),
      WAIT,
    );
    await expect(unread(reader)).resolves.toEqual({ count: 1 });
    expect((await list(reader)).find((entry) => entry.id === entryOfSender.id)).toMatchObject({
      isRead: true,
      count: 2,
    });

    await rt.bus.publish(dmCreatedEvent(sender, reader, 'after reading'));
    await vi.waitFor(() => expect(socket.of('notification')).toHaveLength(4), WAIT);
    const fresh = socket.of('notification')[3]!.notification;
    expect(fresh).toMatchObject({ count: 1, message: 'after reading', isRead: false });
    expect(fresh.id).not.toBe(entryOfSender.id);
    await socket.close();
  });

  it('groups replies per discussion and reads them when the member opens the discussion, not the others', async () => {
    const [author, replier] = [await world.member(), await world.member()];
    const [opened, elsewhere] = [randomUUID(), randomUUID()];
    for (const excerpt of ['a', 'b', 'c', 'd', 'e'])
      await notifyFromEvent(rt.service.context, replyEvent(replier, author, opened, excerpt));
    await notifyFromEvent(rt.service.context, replyEvent(replier, author, elsewhere, 'other'));
    const entries = await list(author);
    expect(entries.map((entry) => [entry.title, entry.count])).toEqual([
      ['New reply in "Leading remote teams"', 1],
      ['5 new replies in "Leading remote teams"', 5],
    ]);
    expect(entries[1]!.message).toBe('Rae Plier: e');

    await expect(
      rt.call(realtimeRoutes.markDiscussionNotificationsRead, {
        params: { discussionId: opened },
        token: author.token,
      }),
    ).resolves.toEqual({ count: 1 });
    await expect(unread(author)).resolves.toEqual({ count: 1 });
    expect((await list(author)).find((entry) => entry.discussionId === elsewhere)!.isRead).toBe(false);
    // Another member's reading reads nothing of theirs.
    await expect(
      rt.call(realtimeRoutes.markDiscussionNotificationsRead, {
        params: { discussionId: elsewhere },
        token: replier.token,
      }),
    ).resolves.toEqual({ count: 0 });
    await rt.call(realtimeRoutes.markDiscussionNotificationsRead, {
      params: { discussionId: 'not-an-id' },
      token: author.token,
      expect: 404,
    });
  });

  it('pages the notifications page by cursor, newest first, and filters the unread', async () => {
    const [member, replier] = [await world.member(), await world.member()];
    for (let index = 0; index < 5; index += 1)
      await notifyFromEvent(rt.service.context, replyEvent(replier, member, randomUUID(), `reply ${index}`));
    const all = await list(member);
    await rt.call(realtimeRoutes.markNotificationRead, { params: { id: all[1]!.id }, token: member.token });

    const page = (query: CallInput<typeof realtimeRoutes.listNotificationPage>['query'], status?: number) =>
      rt.call(realtimeRoutes.listNotificationPage, { query, token: member.token, expect: status });
    const first = await page({ limit: 2 });
    const second = await page({ limit: 2, cursor: first.nextCursor! });
    const third = await page({ limit: 2, cursor: second.nextCursor! });
    expect([...first.notifications, ...second.notifications, ...third.notifications].map((entry) => entry.id)).toEqual(
      all.map((entry) => entry.id),
    );
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });

    const unreadOnly = await page({ unread: 'true' });
    expect(unreadOnly.notifications.map((entry) => entry.id)).toEqual(
      all.filter((entry) => entry.id !== all[1]!.id).map((entry) => entry.id),
    );
    await page({ cursor: 'forged' }, 400);
  });
});
