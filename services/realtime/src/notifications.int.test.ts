import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUBJECTS, realtimeRoutes } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { notifyFromEvent } from './use-cases/notifications.ts';
import {
  TestSocket,
  createRealtimeWorld,
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

function replyEvent(author: { id: string }, discussionAuthorId: string, watcherIds: string[] = []) {
  return newEvent(SUBJECTS.forumReplyCreated, {
    replyId: randomUUID(),
    discussionId: randomUUID(),
    discussionTitle: 'On leadership',
    accessLevel: 'Apprentice',
    authorId: author.id,
    authorName: 'Rae Plier',
    discussionAuthorId,
    notifyUserIds: [discussionAuthorId, ...watcherIds],
    excerpt: 'I agree',
    createdAt: new Date().toISOString(),
  });
}

describe('notifications from events', () => {
  it("notifies a discussion's author (reply) and watchers (subscription) live, linking to the discussion", async () => {
    const [author, replier, watcher] = [await world.member(), await world.member(), await world.member()];
    const authorSocket = await TestSocket.open(rt.wsUrl, author.token);
    const event = replyEvent(replier, author.id, [watcher.id]);
    await rt.bus.publish(event);

    await vi.waitFor(() => expect(authorSocket.of('notification')).toHaveLength(1), WAIT);
    expect(authorSocket.of('notification')[0]!.notification).toMatchObject({
      type: 'reply',
      title: 'New reply in "On leadership"',
      message: 'Rae Plier: I agree',
      isRead: false,
      link: `/forums?discussion=${event.payload.discussionId}&reply=${event.payload.replyId}`,
      fromUserId: replier.id,
    });
    // The watcher's notification is stored after the author's push: wait for it, not for a time.
    await vi.waitFor(async () => {
      const watched = await rt.call(realtimeRoutes.listNotifications, { token: watcher.token });
      expect(watched.map((notification) => notification.type)).toEqual(['subscription']);
    }, WAIT);
    await authorSocket.close();
  });

  it('makes one notification and one push per member however often the event is delivered', async () => {
    const [author, replier] = [await world.member(), await world.member()];
    const socket = await TestSocket.open(rt.wsUrl, author.token);
    const event = replyEvent(replier, author.id);
    // The handler the bus runs for each delivery, run as a redelivery would run it.
    await notifyFromEvent(rt.service.context, event);
    await notifyFromEvent(rt.service.context, event);
    await rt.bus.publish(event);
    await vi.waitFor(() => expect(socket.of('notification')).toHaveLength(1), WAIT);
    await expect(rt.call(realtimeRoutes.notificationUnreadCount, { token: author.token })).resolves.toEqual({
      count: 1,
    });
    // A later push proves the earlier ones had their chance to arrive twice.
    socket.send({ type: 'chat', content: 'flush' });
    await vi.waitFor(() => expect(socket.of('chat').length).toBeGreaterThan(0), WAIT);
    expect(socket.of('notification')).toHaveLength(1);
    await socket.close();
  });

  it('notifies a mention and task assignees other than the actor', async () => {
    const [mentioned, mentioner, assignee] = [await world.member(), await world.member(), await world.member()];
    await rt.bus.publish(
      newEvent(SUBJECTS.forumMentionCreated, {
        mentionId: randomUUID(),
        mentionedUserId: mentioned.id,
        mentionedBy: mentioner.id,
        mentionedByName: 'Menno',
        discussionId: randomUUID(),
        discussionTitle: 'Vision',
        replyId: null,
        context: '@you look',
      }),
    );
    const [taskId, projectId] = [randomUUID(), randomUUID()];
    await rt.bus.publish(
      newEvent(SUBJECTS.projectTaskAssigned, {
        taskId,
        projectId,
        title: 'Write the plan',
        assigneeIds: [assignee.id, mentioner.id],
        actorId: mentioner.id,
      }),
    );
    await vi.waitFor(async () => {
      const list = await rt.call(realtimeRoutes.listNotifications, { token: mentioned.token });
      expect(list.map((notification) => [notification.type, notification.title])).toEqual([
        ['mention', 'Menno mentioned you in "Vision"'],
      ]);
    }, WAIT);
    await vi.waitFor(async () => {
      const list = await rt.call(realtimeRoutes.listNotifications, { token: assignee.token });
      expect(list.map((notification) => [notification.type, notification.title, notification.link])).toEqual([
        ['project_update', 'Task assigned to you: Write the plan', `/projects?project=${projectId}&task=${taskId}`],
      ]);
    }, WAIT);
    const actorList = await rt.call(realtimeRoutes.listNotifications, { token: mentioner.token });
    expect(actorList).toEqual([]);
  });

  it('tells those a task comment mentions that they were mentioned, and the other assignees that there is a comment', async () => {
    const [author, mentioned, assignee] = [await world.member(), await world.member(), await world.member()];
    await rt.bus.publish(
      newEvent(SUBJECTS.projectTaskCommented, {
        commentId: randomUUID(),
        taskId: randomUUID(),
        projectId: randomUUID(),
        title: 'Ship it',
        authorId: author.id,
        authorName: 'Ada Author',
        excerpt: '@Menno please look',
        mentionedIds: [mentioned.id],
        assigneeIds: [author.id, mentioned.id, assignee.id],
      }),
    );
    await vi.waitFor(async () => {
      const list = await rt.call(realtimeRoutes.listNotifications, { token: mentioned.token });
      expect(list.map((notification) => [notification.type, notification.title, notification.message])).toEqual([
        ['mention', 'Ada Author mentioned you on "Ship it"', '@Menno please look'],
      ]);
    }, WAIT);
    await vi.waitFor(async () => {
      const list = await rt.call(realtimeRoutes.listNotifications, { token: assignee.token });
      expect(list.map((notification) => [notification.type, notification.title])).toEqual([
        ['project_update', 'New comment on "Ship it"'],
      ]);
    }, WAIT);
    expect(await rt.call(realtimeRoutes.listNotifications, { token: author.token })).toEqual([]);
  });
});

describe('removed posts', () => {
  it("tells a warned member the moderator's whole text", async () => {
    const [member, moderator] = [await world.member(), await world.member()];
    const text = `Please keep it civil. ${'This is the whole warning. '.repeat(8)}`.trim();
    await rt.bus.publish(
      newEvent(SUBJECTS.adminMemberWarned, {
        userId: member.id,
        warnedBy: moderator.id,
        message: text,
        kind: 'post_report',
        targetId: randomUUID(),
      }),
    );
    await vi.waitFor(async () => {
      const list = await rt.call(realtimeRoutes.listNotifications, { token: member.token });
      expect(list.map((notification) => [notification.type, notification.title, notification.message])).toEqual([
        ['system', 'A moderator warned you about your forum post', text],
      ]);
    }, WAIT);
  });

  it('tells the author a moderator removed their reply or discussion, with the reason', async () => {
    const [author, moderator] = [await world.member(), await world.member()];
    const discussionId = randomUUID();
    const removedReplyId = randomUUID();
    const removal = (replyId: string | null, reason: string) =>
      newEvent(SUBJECTS.forumPostRemoved, {
        discussionId,
        replyId,
        discussionTitle: 'Off the rails',
        authorId: author.id,
        removedBy: moderator.id,
        reason,
        removedAt: new Date().toISOString(),
      });
    await rt.bus.publish(removal(removedReplyId, 'Personal attack'));
    await rt.bus.publish(removal(null, 'Duplicate'));
    await vi.waitFor(async () => {
      const list = await rt.call(realtimeRoutes.listNotifications, { token: author.token });
      expect(
        list.map((notification) => [notification.type, notification.title, notification.message, notification.link]),
      ).toEqual(
        expect.arrayContaining([
          [
            'system',
            'A moderator removed your reply in "Off the rails"',
            'Reason: Personal attack',
            `/forums?discussion=${discussionId}&reply=${removedReplyId}`,
          ],
          ['system', 'A moderator removed your discussion "Off the rails"', 'Reason: Duplicate', null],
        ]),
      );
      expect(list).toHaveLength(2);
    }, WAIT);
  });
});

describe('reading notifications', () => {
  it("marks one's own read, answers 404 for another member's or a bad id, and marks all read", async () => {
    const [owner, stranger, replier] = [await world.member(), await world.member(), await world.member()];
    await rt.bus.publish(replyEvent(replier, owner.id));
    await rt.bus.publish(replyEvent(replier, owner.id));
    await vi.waitFor(
      () =>
        expect(rt.call(realtimeRoutes.notificationUnreadCount, { token: owner.token })).resolves.toEqual({ count: 2 }),
      WAIT,
    );
    const [newest, older] = await rt.call(realtimeRoutes.listNotifications, { token: owner.token });
    expect(newest!.createdAt >= older!.createdAt).toBe(true);

    await rt.call(realtimeRoutes.markNotificationRead, {
      params: { id: newest!.id },
      token: stranger.token,
      expect: 404,
    });
    await rt.call(realtimeRoutes.markNotificationRead, {
      params: { id: 'not-an-id' },
      token: owner.token,
      expect: 404,
    });
    const read = await rt.call(realtimeRoutes.markNotificationRead, { params: { id: newest!.id }, token: owner.token });
    expect(read).toMatchObject({ id: newest!.id, isRead: true });
    expect(read.readAt).not.toBeNull();
    await expect(rt.call(realtimeRoutes.notificationUnreadCount, { token: owner.token })).resolves.toEqual({
      count: 1,
    });

    await expect(rt.call(realtimeRoutes.markAllNotificationsRead, { token: owner.token })).resolves.toEqual({
      count: 1,
    });
    await expect(rt.call(realtimeRoutes.notificationUnreadCount, { token: owner.token })).resolves.toEqual({
      count: 0,
    });
  });
});
