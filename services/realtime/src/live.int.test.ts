import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  REALTIME_MESSAGES,
  SUBJECTS,
  WS_ACCEPTED_PROTOCOL,
  WS_CLOSE,
  WS_RESTART_SPREAD_MS,
  realtimeRoutes,
  reconnectDelayOf,
  type OnlineUser,
} from '@crucible/proto';
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

  it('opens for a page at either loopback name of the product (one machine), not another port', async () => {
    const member = await world.member();
    // The harness keeps the default PUBLIC_URL, http://localhost:5000.
    for (const origin of ['http://localhost:5000', 'http://127.0.0.1:5000']) {
      const socket = new TestSocket(a.wsUrl, member.token, { origin });
      // A refused socket is opened and then closed; an accepted one is sent the online list.
      await vi.waitFor(() => expect(socket.of('online_users_update')).toHaveLength(1), { timeout: 5000 });
      await socket.close();
    }
    const otherPort = new TestSocket(a.wsUrl, member.token, { origin: 'http://127.0.0.1:5001' });
    expect(await otherPort.closed).toMatchObject({ code: 1008, reason: 'Origin not allowed' });
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

    const history = await b.call(realtimeRoutes.listChatMessages, { token: bob.token });
    expect(history.find((message) => message.content === marker)).toMatchObject({
      senderId: alice.id,
      sender: { firstName: 'Alice', lastName: alice.lastName, email: alice.email, profileImageUrl: null },
    });
    await Promise.all([aliceSocket.close(), bobSocket.close()]);
  });

  it('stores a resend with the same idempotency key once, answers it to the sender alone and never broadcasts it twice', async () => {
    const [alice, bob] = [await world.member(), await world.member()];
    const bobSocket = await TestSocket.open(b.wsUrl, bob.token);
    const firstSocket = await TestSocket.open(a.wsUrl, alice.token);
    const marker = `once ${randomUUID()}`;
    const idempotencyKey = randomUUID();
    firstSocket.send({ type: 'chat', content: marker, idempotencyKey });
    await vi.waitFor(
      () => expect(bobSocket.of('chat').filter((chat) => chat.content === marker)).toHaveLength(1),
      WAIT,
    );
    const first = bobSocket.of('chat').find((chat) => chat.content === marker)!;
    // The sender's connection dropped before it saw its message: it reconnects and sends it again.
    await firstSocket.close();
    const resendSocket = await TestSocket.open(b.wsUrl, alice.token);
    resendSocket.send({ type: 'chat', content: marker, idempotencyKey });
    await vi.waitFor(
      () => expect(resendSocket.of('chat').filter((chat) => chat.content === marker)).toHaveLength(1),
      WAIT,
    );
    expect(resendSocket.of('chat').find((chat) => chat.content === marker)).toEqual(first);

    // A later message from alice reaches bob after anything the resend could have broadcast.
    const after = `after ${randomUUID()}`;
    resendSocket.send({ type: 'chat', content: after, idempotencyKey: randomUUID() });
    await vi.waitFor(() => expect(bobSocket.of('chat').find((chat) => chat.content === after)).toBeDefined(), WAIT);
    expect(bobSocket.of('chat').filter((chat) => chat.content === marker)).toHaveLength(1);
    const history = await a.call(realtimeRoutes.listChatMessages, { token: bob.token });
    expect(history.filter((message) => message.content === marker)).toHaveLength(1);
    await Promise.all([bobSocket.close(), resendSocket.close()]);
  });

  it('stores two sends without a key, or with different keys, twice', async () => {
    const member = await world.member();
    const socket = await TestSocket.open(a.wsUrl, member.token);
    const marker = `twice ${randomUUID()}`;
    socket.send({ type: 'chat', content: marker });
    socket.send({ type: 'chat', content: marker });
    socket.send({ type: 'chat', content: marker, idempotencyKey: randomUUID() });
    socket.send({ type: 'chat', content: marker, idempotencyKey: randomUUID() });
    await vi.waitFor(() => expect(socket.of('chat').filter((chat) => chat.content === marker)).toHaveLength(4), WAIT);
    const history = await a.call(realtimeRoutes.listChatMessages, { token: member.token });
    expect(history.filter((message) => message.content === marker)).toHaveLength(4);
    await socket.close();
  });

  it('refuses the history without a token', async () => {
    await a.call(realtimeRoutes.listChatMessages, { expect: 401 });
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

    // dm's answer is reused for REALTIME_TYPING_CHECK_TTL_MS, so the unblock reaches typing within it.
    world.setBlocked(ada, troll, false);
    await vi.waitFor(
      () => {
        if (adaSocket.of('typing').length === 0)
          trollSocket.send({ type: 'typing', recipientId: ada.id, isTyping: true });
        expect(adaSocket.of('typing')).toContainEqual({ type: 'typing', senderId: troll.id, isTyping: true });
      },
      { timeout: 10_000, interval: 500 },
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

describe('typing checks', () => {
  it('never passes typing to a member who turned Direct Messages off, and passes it once they turn it on', async () => {
    const [sender, quiet, control] = [await world.member(), await world.member(), await world.member()];
    const senderSocket = await TestSocket.open(a.wsUrl, sender.token);
    const quietSocket = await TestSocket.open(b.wsUrl, quiet.token);
    const controlSocket = await TestSocket.open(b.wsUrl, control.token);
    world.setDirectMessagesOff(quiet, true);
    senderSocket.send({ type: 'typing', recipientId: quiet.id, isTyping: true });
    senderSocket.send({ type: 'typing', recipientId: control.id, isTyping: true });
    await vi.waitFor(() => expect(controlSocket.of('typing')).toHaveLength(1), WAIT);
    expect(quietSocket.of('typing')).toEqual([]);

    world.setDirectMessagesOff(quiet, false);
    await vi.waitFor(
      () => {
        if (quietSocket.of('typing').length === 0)
          senderSocket.send({ type: 'typing', recipientId: quiet.id, isTyping: true });
        expect(quietSocket.of('typing')).toContainEqual({ type: 'typing', senderId: sender.id, isTyping: true });
      },
      { timeout: 10_000, interval: 500 },
    );
    await Promise.all([senderSocket.close(), quietSocket.close(), controlSocket.close()]);
  });

  it('asks dm once for a burst of typing at one member, not once per frame', async () => {
    const [sender, recipient] = [await world.member(), await world.member()];
    const senderSocket = await TestSocket.open(a.wsUrl, sender.token);
    const recipientSocket = await TestSocket.open(a.wsUrl, recipient.token);
    const before = world.dmQuestions();
    senderSocket.send({ type: 'typing', recipientId: recipient.id, isTyping: true });
    await vi.waitFor(() => expect(recipientSocket.of('typing')).toHaveLength(1), WAIT);
    for (let i = 0; i < 15; i++)
      senderSocket.send({ type: 'typing', recipientId: recipient.id, isTyping: i % 2 === 0 });
    await vi.waitFor(() => expect(recipientSocket.of('typing')).toHaveLength(16), WAIT);
    expect(world.dmQuestions() - before).toBe(1);
    await Promise.all([senderSocket.close(), recipientSocket.close()]);
  });
});

describe('sockets per member', () => {
  it('refuses a socket past the per-member cap with 1008 and a clear reason, and takes one again after a close', async () => {
    const capped = await world.startInstance({ env: { REALTIME_SOCKETS_PER_MEMBER: '2' } });
    const member = await world.member();
    const first = await TestSocket.open(capped.wsUrl, member.token);
    const second = await TestSocket.open(capped.wsUrl, (await world.newSession(member)).token);
    const third = new TestSocket(capped.wsUrl, member.token);
    const refused = await third.closed;
    expect(refused).toMatchObject({ code: 1008, reason: REALTIME_MESSAGES.tooManySockets });

    // Another member is not affected by this member's sockets.
    const other = await world.member();
    const otherSocket = await TestSocket.open(capped.wsUrl, other.token);

    await first.close();
    // The server sees the close a moment later; once it has, a new socket is kept (it gets the online list).
    await vi.waitFor(async () => {
      const again = await TestSocket.open(capped.wsUrl, member.token);
      await vi.waitFor(() => expect(again.of('online_users_update').length).toBeGreaterThan(0), { timeout: 1_000 });
      await again.close();
    }, WAIT);
    await Promise.all([second.close(), otherSocket.close()]);
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

    // Each instance writes its member's presence once the socket is up, not before it opens.
    for (const instance of [a, b]) {
      await vi.waitFor(async () => {
        const online = await instance.call(realtimeRoutes.listOnlineUsers, { token: watcher.token });
        expect(online.filter((user) => user.id === member.id)).toEqual([expected]);
      }, WAIT);
    }
    await vi.waitFor(
      () => expect(watcherSocket.onlineUsers()?.filter((user) => user.id === member.id)).toEqual([expected]),
      WAIT,
    );

    await first.close();
    const stillOnline = await a.call(realtimeRoutes.listOnlineUsers, { token: watcher.token });
    expect(stillOnline.map((user) => user.id)).toContain(member.id);
    await second.close();
    await vi.waitFor(async () => {
      const online = await a.call(realtimeRoutes.listOnlineUsers, { token: watcher.token });
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
    // The full list is the instance's view when the socket connects; a member whose arrival the
    // instance has not pushed yet comes in the change that follows.
    await vi.waitFor(
      () =>
        expect(watcherSocket.onlineUsers()?.map((user) => user.id)).toEqual(
          expect.arrayContaining([watcher.id, early.id]),
        ),
      WAIT,
    );

    const late = await world.member({ firstName: 'Late' });
    const lateSocket = await TestSocket.open(b.wsUrl, late.token);
    await vi.waitFor(() => expect(watcherSocket.onlineUsers()?.map((user) => user.id)).toContain(late.id), WAIT);
    await earlySocket.close();
    await vi.waitFor(() => expect(watcherSocket.onlineUsers()?.map((user) => user.id)).not.toContain(early.id), WAIT);

    // Nothing but changes after the first list, each naming only who changed.
    expect(watcherSocket.of('online_users_update')).toHaveLength(1);
    const changes = watcherSocket.of('online_users_changed');
    expect(changes.flatMap((change) => change.joined.map((user) => user.id))).toContain(late.id);
    expect(changes.flatMap((change) => change.left)).toContain(early.id);
    expect(changes.find((change) => change.joined.some((user) => user.id === late.id))!.joined).toContainEqual({
      id: late.id,
      email: late.email,
      firstName: 'Late',
      accessLevel: late.level,
      profileImageUrl: null,
    });
    // What the socket built is what the service answers.
    const online = await a.call(realtimeRoutes.listOnlineUsers, { token: watcher.token });
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

describe('instances going away', () => {
  it('drops the members of an instance that died without a word within seconds', async () => {
    const watcher = await world.member();
    const stranded = await world.member({ firstName: 'Stranded' });
    const watcherSocket = await TestSocket.open(a.wsUrl, watcher.token);
    // What a dead instance left behind: its member's entry (valid a minute) and its own liveness key,
    // which nobody renews any more.
    const deadInstance = randomUUID();
    await world.cache.set(`presence:instance:${deadInstance}`, '1', { ttlSeconds: 1 });
    await world.cache.set(`presence:entry:${stranded.id}:${deadInstance}`, '1', { ttlSeconds: 60 });
    await world.cache.addToSet('presence:online', `${stranded.id}:${deadInstance}`);
    const arrival = await TestSocket.open(b.wsUrl, (await world.member()).token);
    await vi.waitFor(() => expect(watcherSocket.onlineUsers()?.map((user) => user.id)).toContain(stranded.id), WAIT);
    const seenAt = Date.now();
    await vi.waitFor(() => expect(watcherSocket.onlineUsers()?.map((user) => user.id)).not.toContain(stranded.id), {
      timeout: 15_000,
      interval: 50,
    });
    console.log(`a dead instance's member left the online list ${Date.now() - seenAt} ms after being listed`);
    await Promise.all([watcherSocket.close(), arrival.close()]);
  });

  it('closes its sockets with 1012 and a reconnect delay within the spread when an instance stops', async () => {
    const leaving = await world.startInstance();
    const member = await world.member();
    const socket = await TestSocket.open(leaving.wsUrl, member.token);
    await leaving.stop();
    const { code, reason } = await socket.closed;
    expect(code).toBe(WS_CLOSE.serviceRestart);
    const delay = reconnectDelayOf(reason);
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThanOrEqual(WS_RESTART_SPREAD_MS);
  });
});
