import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUBJECTS, WS_ACCEPTED_PROTOCOL, type OnlineUser, type StoredChatMessage } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import {
  TestSocket,
  createRealtimeWorld,
  type RealtimeInstance,
  type RealtimeWorld,
} from './testing/realtime-harness.ts';

const WAIT = { timeout: 5_000, interval: 20 };

let world: RealtimeWorld;
let a: RealtimeInstance;
let b: RealtimeInstance;

beforeAll(async () => {
  world = await createRealtimeWorld();
  a = await world.startInstance();
  b = await world.startInstance();
}, 60_000);
afterAll(() => world?.stop());

describe('socket authentication', () => {
  it('closes a socket without a token with 1008', async () => {
    const socket = new TestSocket(a.wsUrl, undefined);
    expect((await socket.closed).code).toBe(1008);
  });

  it('closes a socket with a forged token with 1008', async () => {
    const socket = new TestSocket(a.wsUrl, 'not.a.token');
    expect((await socket.closed).code).toBe(1008);
  });

  it('closes a socket from an origin outside the allowlist with 1008', async () => {
    const member = await world.member();
    const socket = new TestSocket(a.wsUrl, member.token, { origin: 'https://evil.example' });
    expect((await socket.closed).code).toBe(1008);
  });

  it('answers the marker protocol, never the token', async () => {
    const member = await world.member();
    const socket = await TestSocket.open(a.wsUrl, member.token);
    expect(socket.socket.protocol).toBe(WS_ACCEPTED_PROTOCOL);
    await socket.close();
  });

  it("closes a revoked session's open sockets with 1008 within a second, on every instance", async () => {
    const member = await world.member();
    const onA = await TestSocket.open(a.wsUrl, member.token);
    const onB = await TestSocket.open(b.wsUrl, member.token);
    const revokedAt = Date.now();
    await world.revoke(member, a.bus);
    for (const socket of [onA, onB]) {
      const closed = await socket.closed;
      expect(closed.code).toBe(1008);
      expect(closed.at - revokedAt).toBeLessThan(1_000);
    }
  });
});

describe('community chat', () => {
  it('takes the sender from the token, strips HTML, stores it and reaches the other instance', async () => {
    const [alice, bob] = [await world.member({ firstName: 'Alice' }), await world.member({ firstName: 'Bob' })];
    const aliceSocket = await TestSocket.open(a.wsUrl, alice.token);
    const bobSocket = await TestSocket.open(b.wsUrl, bob.token);
    const marker = `hello ${randomUUID()}`;
    aliceSocket.send({ type: 'chat', content: `<b>${marker}</b>`, sender: { id: bob.id, name: 'Bob', avatar: null } });

    await vi.waitFor(() => expect(bobSocket.of('chat').find((chat) => chat.content === marker)).toBeDefined(), WAIT);
    const received = bobSocket.of('chat').find((chat) => chat.content === marker)!;
    expect(received.sender).toEqual({ id: alice.id, name: `Alice ${alice.lastName}`, avatar: null });

    const history = await b.call<StoredChatMessage[]>('/api/messages', { token: bob.token });
    expect(history.find((message) => message.content === marker)).toMatchObject({
      senderId: alice.id,
      sender: { firstName: 'Alice', lastName: alice.lastName, email: alice.email, profileImageUrl: null },
    });
    await Promise.all([aliceSocket.close(), bobSocket.close()]);
  });

  it('refuses the history without a token', async () => {
    await a.call('/api/messages', { expect: 401 });
  });
});

describe('typing', () => {
  it('reaches only the named recipient, with the sender from the token', async () => {
    const [sender, recipient, bystander] = [await world.member(), await world.member(), await world.member()];
    const senderSocket = await TestSocket.open(a.wsUrl, sender.token);
    const recipientSocket = await TestSocket.open(b.wsUrl, recipient.token);
    const bystanderSocket = await TestSocket.open(a.wsUrl, bystander.token);
    senderSocket.send({ type: 'typing', recipientId: recipient.id, isTyping: true, senderId: bystander.id });
    await vi.waitFor(
      () => expect(recipientSocket.of('typing')).toEqual([{ type: 'typing', senderId: sender.id, isTyping: true }]),
      WAIT,
    );
    // A chat after it orders the check: once the bystander has the chat, a typing event would be there too.
    senderSocket.send({ type: 'chat', content: 'after typing' });
    await vi.waitFor(() => expect(bystanderSocket.of('chat').length).toBeGreaterThan(0), WAIT);
    expect(bystanderSocket.of('typing')).toEqual([]);
    expect(senderSocket.of('typing')).toEqual([]);
    await Promise.all([senderSocket.close(), recipientSocket.close(), bystanderSocket.close()]);
  });

  it('never passes between members when either blocked the other, and passes again after the unblock', async () => {
    const [ada, troll, control] = [await world.member(), await world.member(), await world.member()];
    const adaSocket = await TestSocket.open(a.wsUrl, ada.token);
    const trollSocket = await TestSocket.open(b.wsUrl, troll.token);
    const controlSocket = await TestSocket.open(b.wsUrl, control.token);
    world.setBlocked(ada, troll, true);
    // Each refused event is followed, on the same socket, by one that passes to a member on the same
    // instance as the refused one's recipient: once that one arrived, the refused one would have too.
    trollSocket.send({ type: 'typing', recipientId: ada.id, isTyping: true });
    trollSocket.send({ type: 'typing', recipientId: control.id, isTyping: true });
    adaSocket.send({ type: 'typing', recipientId: troll.id, isTyping: true });
    adaSocket.send({ type: 'typing', recipientId: control.id, isTyping: true });
    await vi.waitFor(() => expect(controlSocket.of('typing')).toHaveLength(2), WAIT);
    await vi.waitFor(
      () =>
        expect(
          controlSocket
            .of('typing')
            .map((typing) => typing.senderId)
            .sort(),
        ).toEqual([ada.id, troll.id].sort()),
      WAIT,
    );
    expect(adaSocket.of('typing')).toEqual([]);
    expect(trollSocket.of('typing')).toEqual([]);

    world.setBlocked(ada, troll, false);
    trollSocket.send({ type: 'typing', recipientId: ada.id, isTyping: true });
    await vi.waitFor(
      () => expect(adaSocket.of('typing')).toEqual([{ type: 'typing', senderId: troll.id, isTyping: true }]),
      WAIT,
    );
    await Promise.all([adaSocket.close(), trollSocket.close(), controlSocket.close()]);
  });

  it('drops typing while dm cannot say whether the members blocked each other', async () => {
    const [sender, recipient] = [await world.member(), await world.member()];
    const senderSocket = await TestSocket.open(a.wsUrl, sender.token);
    const recipientSocket = await TestSocket.open(b.wsUrl, recipient.token);
    world.setDmAnswering(false);
    try {
      senderSocket.send({ type: 'typing', recipientId: recipient.id, isTyping: true });
      senderSocket.send({ type: 'chat', content: 'after the unanswered typing' });
      await vi.waitFor(() => expect(recipientSocket.of('chat').length).toBeGreaterThan(0), WAIT);
    } finally {
      world.setDmAnswering(true);
    }
    senderSocket.send({ type: 'typing', recipientId: recipient.id, isTyping: false });
    await vi.waitFor(() => expect(recipientSocket.of('typing')).toHaveLength(1), WAIT);
    expect(recipientSocket.of('typing')).toEqual([{ type: 'typing', senderId: sender.id, isTyping: false }]);
    await Promise.all([senderSocket.close(), recipientSocket.close()]);
  });
});

describe('direct messages and reads', () => {
  it('pushes a DM to the recipient on another instance than the one consuming it, and a read to the sender', async () => {
    const [sender, recipient] = [await world.member(), await world.member()];
    const recipientSocket = await TestSocket.open(a.wsUrl, recipient.token);
    const senderSocket = await TestSocket.open(b.wsUrl, sender.token);
    const message = {
      id: randomUUID(),
      content: 'hi there',
      senderId: sender.id,
      recipientId: recipient.id,
      createdAt: new Date().toISOString(),
      messageSizeBytes: 8,
    };
    await a.bus.publish(newEvent(SUBJECTS.dmMessageCreated, message));
    const { messageSizeBytes: _size, ...pushed } = message;
    await vi.waitFor(
      () => expect(recipientSocket.of('direct_message')).toEqual([{ type: 'direct_message', message: pushed }]),
      WAIT,
    );
    await vi.waitFor(() => expect(recipientSocket.of('notification')).toHaveLength(1), WAIT);
    expect(recipientSocket.of('notification')[0]!.notification).toMatchObject({
      type: 'direct_message',
      fromUserId: sender.id,
      link: `/messages?with=${sender.id}`,
    });

    const read = {
      readerId: recipient.id,
      senderId: sender.id,
      messageIds: [message.id],
      readAt: new Date().toISOString(),
    };
    await b.bus.publish(newEvent(SUBJECTS.dmMessageRead, read));
    await vi.waitFor(() => expect(senderSocket.of('message_read')).toEqual([{ type: 'message_read', ...read }]), WAIT);
    await Promise.all([recipientSocket.close(), senderSocket.close()]);
  });

  it('pushes an edit and a deletion to both members', async () => {
    const [sender, recipient] = [await world.member(), await world.member()];
    const recipientSocket = await TestSocket.open(a.wsUrl, recipient.token);
    const senderSocket = await TestSocket.open(b.wsUrl, sender.token);
    const edited = {
      id: randomUUID(),
      content: 'fixed typo',
      senderId: sender.id,
      recipientId: recipient.id,
      createdAt: new Date().toISOString(),
      editedAt: new Date().toISOString(),
      messageSizeBytes: 10,
    };
    await a.bus.publish(newEvent(SUBJECTS.dmMessageEdited, edited));
    for (const socket of [recipientSocket, senderSocket])
      await vi.waitFor(
        () => expect(socket.of('message_edited')).toEqual([{ type: 'message_edited', message: edited }]),
        WAIT,
      );
    await b.bus.publish(
      newEvent(SUBJECTS.dmMessageDeleted, {
        id: edited.id,
        senderId: sender.id,
        recipientId: recipient.id,
        deletedBy: 'sender',
        deletedByAdminId: null,
        reason: null,
      }),
    );
    for (const socket of [recipientSocket, senderSocket])
      await vi.waitFor(
        () =>
          expect(socket.of('message_deleted')).toEqual([
            { type: 'message_deleted', messageId: edited.id, senderId: sender.id, recipientId: recipient.id },
          ]),
        WAIT,
      );
    await Promise.all([recipientSocket.close(), senderSocket.close()]);
  });
});

describe('presence', () => {
  it('lists a member with two tabs once, with their picture, on both instances, and drops them when the last tab closes', async () => {
    const profileImageUrl = '/api/profile-pictures/tabby.webp';
    const member = await world.member({ firstName: 'Tabby', profileImageUrl });
    const watcher = await world.member();
    const watcherSocket = await TestSocket.open(b.wsUrl, watcher.token);
    const first = await TestSocket.open(a.wsUrl, member.token);
    const second = await TestSocket.open(b.wsUrl, (await world.newSession(member)).token);
    const expected: OnlineUser = {
      id: member.id,
      email: member.email,
      firstName: 'Tabby',
      accessLevel: member.level,
      profileImageUrl,
    };

    for (const instance of [a, b]) {
      const online = await instance.call<OnlineUser[]>('/api/users/online', { token: watcher.token });
      expect(online.filter((user) => user.id === member.id)).toEqual([expected]);
    }
    await vi.waitFor(
      () => expect(watcherSocket.onlineUsers()?.filter((user) => user.id === member.id)).toEqual([expected]),
      WAIT,
    );

    await first.close();
    const stillOnline = await a.call<OnlineUser[]>('/api/users/online', { token: watcher.token });
    expect(stillOnline.map((user) => user.id)).toContain(member.id);
    await second.close();
    await vi.waitFor(async () => {
      const online = await a.call<OnlineUser[]>('/api/users/online', { token: watcher.token });
      expect(online.map((user) => user.id)).not.toContain(member.id);
    }, WAIT);
    await vi.waitFor(() => expect(watcherSocket.onlineUsers()?.map((user) => user.id)).not.toContain(member.id), WAIT);
    await watcherSocket.close();
  });

  it('sends the whole list once, on connect, and afterwards only who joined and who left', async () => {
    const [watcher, early] = [await world.member(), await world.member({ firstName: 'Early' })];
    const earlySocket = await TestSocket.open(b.wsUrl, early.token);
    const watcherSocket = await TestSocket.open(a.wsUrl, watcher.token);
    await vi.waitFor(() => expect(watcherSocket.of('online_users_update')).toHaveLength(1), WAIT);
    const [full] = watcherSocket.of('online_users_update');
    expect(full!.users.map((user) => user.id)).toEqual(expect.arrayContaining([watcher.id, early.id]));

    const late = await world.member({ firstName: 'Late' });
    const lateSocket = await TestSocket.open(b.wsUrl, late.token);
    await vi.waitFor(() => expect(watcherSocket.onlineUsers()?.map((user) => user.id)).toContain(late.id), WAIT);
    await earlySocket.close();
    await vi.waitFor(() => expect(watcherSocket.onlineUsers()?.map((user) => user.id)).not.toContain(early.id), WAIT);

    // Nothing but changes after the first list, each naming only who changed.
    expect(watcherSocket.of('online_users_update')).toHaveLength(1);
    const changes = watcherSocket.of('online_users_changed');
    expect(changes.flatMap((change) => change.joined.map((user) => user.id))).toContain(late.id);
    expect(changes.flatMap((change) => change.joined.map((user) => user.id))).not.toContain(early.id);
    expect(changes.flatMap((change) => change.left)).toContain(early.id);
    expect(changes.find((change) => change.joined.some((user) => user.id === late.id))!.joined).toContainEqual({
      id: late.id,
      email: late.email,
      firstName: 'Late',
      accessLevel: late.level,
      profileImageUrl: null,
    });
    // What the socket built is what the service answers.
    const online = await a.call<OnlineUser[]>('/api/users/online', { token: watcher.token });
    expect(new Set(watcherSocket.onlineUsers()!.map((user) => user.id))).toEqual(
      new Set(online.map((user) => user.id)),
    );
    await Promise.all([watcherSocket.close(), lateSocket.close()]);
  });

  it('coalesces many arrivals into few changes, each member joining once', async () => {
    const watcher = await world.member();
    const watcherSocket = await TestSocket.open(a.wsUrl, watcher.token);
    await vi.waitFor(() => expect(watcherSocket.of('online_users_update')).toHaveLength(1), WAIT);
    const members = await Promise.all(Array.from({ length: 20 }, () => world.member()));
    const sockets = await Promise.all(members.map((member) => TestSocket.open(a.wsUrl, member.token)));
    await vi.waitFor(() => {
      const online = watcherSocket.onlineUsers()!;
      expect(members.every((member) => online.some((user) => user.id === member.id))).toBe(true);
    }, WAIT);
    const changes = watcherSocket.of('online_users_changed');
    expect(changes.length).toBeLessThan(10);
    const joinedIds = changes.flatMap((change) => change.joined.map((user) => user.id));
    for (const member of members) expect(joinedIds.filter((id) => id === member.id)).toHaveLength(1);
    await Promise.all([...sockets, watcherSocket].map((socket) => socket.close()));
  });
});
