import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM_MESSAGES, RPC, dmRoutes as routes, SUBJECTS, type DirectMessage } from '@crucible/proto';
import { startDmHarness, type DmHarness, type Member } from './testing/dm-harness.ts';

let dm: DmHarness;

beforeAll(async () => {
  dm = await startDmHarness();
}, 60_000);
afterAll(() => dm?.stop());

const send = (from: Member, to: Member | string, content: string) =>
  dm.call(routes.sendMessage, {
    token: from.token,
    body: { content, recipientId: typeof to === 'string' ? to : to.id },
  });
const page = (viewer: Member, other: Member, query: { limit?: number; cursor?: string } = {}) =>
  dm.call(routes.listMessages, { token: viewer.token, params: { userId: other.id }, query });
const conversations = (viewer: Member) => dm.call(routes.listConversations, { token: viewer.token });
const unread = async (viewer: Member) => (await dm.call(routes.unreadCount, { token: viewer.token })).count;
const quota = (member: Member) => dm.call(routes.getQuota, { token: member.token });
const deleteMessage = (member: Member, messageId: string, expect?: number) =>
  dm.call(routes.deleteMessage, { token: member.token, params: { messageId }, expect });

describe('a conversation between two members', () => {
  it('delivers, counts unread, lists the summary with every field and marks read on opening', async () => {
    const ada = await dm.member({ firstName: 'Ada', lastName: 'Lovelace', level: 'Master' });
    const grace = await dm.member({ firstName: 'Grace', lastName: 'Hopper' });
    const events = await dm.collectEvents([SUBJECTS.dmMessageCreated, SUBJECTS.dmMessageRead], (event) =>
      JSON.stringify(event.payload).includes(ada.id),
    );
    try {
      const first = await send(ada, grace, 'Hello <b>Grace</b> ✓');
      expect(first).toMatchObject({
        senderId: ada.id,
        recipientId: grace.id,
        isRead: false,
        readAt: null,
        content: 'Hello <b>Grace</b> ✓',
        messageSizeBytes: 22,
      });
      await send(ada, grace, 'Second');
      expect(await unread(grace)).toBe(2);
      expect(await unread(ada)).toBe(0);

      const [summary] = await conversations(grace);
      expect(summary).toEqual({
        otherUser: {
          id: ada.id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: ada.email,
          preferredName: null,
          accessLevel: 'Master',
          profileImageUrl: null,
        },
        lastMessage: { content: 'Second', createdAt: expect.any(String) },
        unreadCount: 2,
        messageCount: 2,
        lastMessageAt: expect.any(String),
        usedBytes: 0,
        maxBytes: 1_048_576,
      });
      const [adaSide] = await conversations(ada);
      expect(adaSide).toMatchObject({ otherUser: { id: grace.id }, unreadCount: 0, messageCount: 2, usedBytes: 28 });

      const marked = await dm.call<{ markedRead: number; readAt: string }>(`/api/direct-messages/${ada.id}/read-all`, {
        method: 'PUT',
        token: grace.token,
      });
      expect(marked.markedRead).toBe(2);
      expect(await unread(grace)).toBe(0);
      const opened = await page(grace, ada);
      expect(opened.messages.map((message) => [message.content, message.isRead, message.readAt])).toEqual([
        ['Hello <b>Grace</b> ✓', true, marked.readAt],
        ['Second', true, marked.readAt],
      ]);
      await events.waitUntil(
        (received) =>
          received.some((event) => event.subject === SUBJECTS.dmMessageRead) &&
          received.filter((event) => event.subject === SUBJECTS.dmMessageCreated).length === 2,
      );
      const read = events.events.find((event) => event.subject === SUBJECTS.dmMessageRead)!;
      expect(read.payload).toMatchObject({
        readerId: grace.id,
        senderId: ada.id,
        messageIds: expect.arrayContaining([first.id]),
      });
    } finally {
      await events.stop();
    }
  });

  it('lets a member delete their own message for both, freeing its bytes and its unread mark', async () => {
    const ada = await dm.member();
    const grace = await dm.member();
    await send(ada, grace, 'kept');
    const message = await send(ada, grace, 'oops');
    expect((await conversations(grace))[0]).toMatchObject({ lastMessage: { content: 'oops' } });
    await deleteMessage(ada, message.id, 204);
    expect((await page(grace, ada)).messages.map((shown) => shown.content)).toEqual(['kept']);
    expect((await page(ada, grace)).messages.map((shown) => shown.content)).toEqual(['kept']);
    expect(await quota(ada)).toMatchObject({
      usedBytes: 4,
      remainingBytes: 1_048_572,
    });
    expect(await unread(grace)).toBe(1);
    expect((await conversations(grace))[0]).toMatchObject({ messageCount: 1, lastMessage: { content: 'kept' } });
    await deleteMessage(ada, message.id, 404);
  });
});

describe('editing', () => {
  it('lets the sender edit within 15 minutes: both see it edited, the quota counts the new size, the event carries it', async () => {
    const ada = await dm.member();
    const grace = await dm.member();
    const events = await dm.collectEvents([SUBJECTS.dmMessageEdited], (event) =>
      JSON.stringify(event.payload).includes(ada.id),
    );
    try {
      const message = await send(ada, grace, 'helo');
      const edited = await dm.call<DirectMessage>(`/api/direct-messages/${message.id}`, {
        method: 'PATCH',
        token: ada.token,
        json: { content: 'hello there' },
      });
      expect(edited).toMatchObject({ id: message.id, content: 'hello there', messageSizeBytes: 11 });
      expect(edited.editedAt).toEqual(expect.any(String));
      expect((await page(grace, ada)).messages[0]).toMatchObject({ content: 'hello there', editedAt: edited.editedAt });
      expect(await quota(ada)).toMatchObject({ usedBytes: 11 });
      expect((await conversations(grace))[0]).toMatchObject({ lastMessage: { content: 'hello there' } });
      expect((await conversations(ada))[0]).toMatchObject({ usedBytes: 11 });
      await dm.call(routes.editMessage, {
        token: ada.token,
        params: { messageId: message.id },
        body: { content: 'hi' },
      });
      expect(await quota(ada)).toMatchObject({ usedBytes: 2 });
      const [event] = await events.waitUntil((received) => received.length === 2);
      expect(event!.payload).toMatchObject({
        id: message.id,
        content: 'hello there',
        senderId: ada.id,
        recipientId: grace.id,
        messageSizeBytes: 11,
      });
    } finally {
      await events.stop();
    }
  });

  it("refuses the partner's message, a deleted one, blank text and an edit after 15 minutes", async () => {
    const ada = await dm.member();
    const grace = await dm.member();
    const message = await send(ada, grace, 'original');
    const edit = (token: string, id: string, json: unknown, expect: number) =>
      dm.call<{ message: string }>(`/api/direct-messages/${id}`, { method: 'PATCH', token, json, expect });
    expect((await edit(grace.token, message.id, { content: 'mine now' }, 404)).message).toBe(
      DM_MESSAGES.messageNotFound,
    );
    expect((await edit(ada.token, message.id, { content: '   ' }, 400)).message).toBe(DM_MESSAGES.contentRequired);
    expect((await edit(ada.token, message.id, { content: 'x'.repeat(10_001) }, 400)).message).toBe(
      DM_MESSAGES.contentTooLong,
    );
    expect((await edit(ada.token, 'not-a-uuid', { content: 'x' }, 404)).message).toBe(DM_MESSAGES.messageNotFound);
    await dm.sql(`UPDATE direct_messages SET created_at = now() - interval '16 minutes' WHERE id = $1::uuid`, [
      message.id,
    ]);
    expect((await edit(ada.token, message.id, { content: 'too late' }, 403)).message).toBe(
      DM_MESSAGES.editWindowPassed,
    );
    const fresh = await send(ada, grace, 'fresh');
    await deleteMessage(ada, fresh.id, 204);
    await edit(ada.token, fresh.id, { content: 'ghost' }, 404);
    expect((await page(grace, ada)).messages.map((shown) => shown.content)).toEqual(['original']);
  });
});

describe('ownership', () => {
  it('lets a third member read, mark or delete nothing of a pair, whatever ids they send', async () => {
    const ada = await dm.member();
    const grace = await dm.member();
    const eve = await dm.member();
    const message = await send(ada, grace, 'private');

    expect((await page(eve, ada)).messages).toEqual([]);
    expect((await page(eve, grace)).messages).toEqual([]);
    expect(await dm.call(routes.readAll, { token: eve.token, params: { userId: ada.id } })).toMatchObject({
      markedRead: 0,
    });
    expect(await unread(grace)).toBe(1);
    for (const deleter of [eve, grace]) {
      expect(await deleteMessage(deleter, message.id, 404)).toMatchObject({ message: DM_MESSAGES.messageNotFound });
    }
    expect(await conversations(eve)).toEqual([]);
    expect(await dm.call(routes.conversationUsage, { token: eve.token })).toEqual([]);
    expect((await page(grace, ada)).messages.map((shown) => shown.content)).toEqual(['private']);
  });
});

describe('pages', () => {
  it('skips and repeats no message while new ones arrive between pages', async () => {
    const ada = await dm.member();
    const grace = await dm.member();
    const sent: string[] = [];
    for (let index = 0; index < 75; index += 1)
      sent.push((await send(index % 2 ? grace : ada, index % 2 ? ada : grace, `m${index}`)).id);

    const first = await page(grace, ada, { limit: 30 });
    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    expect(first.messages.map((message) => message.id)).toEqual(sent.slice(45));
    for (let index = 0; index < 5; index += 1) await send(ada, grace, `late${index}`);
    const second = await page(grace, ada, { limit: 30, cursor: first.nextCursor! });
    const third = await page(grace, ada, { limit: 30, cursor: second.nextCursor! });
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
    expect([...third.messages, ...second.messages, ...first.messages].map((message) => message.id)).toEqual(sent);
    expect((await page(grace, ada)).messages).toHaveLength(50);
  });

  it('answers a forged or malformed cursor with 400, never 500', async () => {
    const ada = await dm.member();
    const grace = await dm.member();
    const forged = [
      'not-base64!!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["2026-01-01T00:00:00.000Z","x\'; DROP TABLE direct_messages; --"]').toString('base64url'),
      Buffer.from('["0000-01-01T00:00:00.000Z","8f9c2a8e-6f7e-4a44-9d3e-0c6c1e9f3b11"]').toString('base64url'),
      Buffer.from('["2026-02-31T00:00:00.000Z","8f9c2a8e-6f7e-4a44-9d3e-0c6c1e9f3b11"]').toString('base64url'),
      Buffer.from('["2026-01-01T00:00:00.000Z",42]').toString('base64url'),
      '%00',
    ];
    for (const cursor of forged) {
      const response = await dm.request(`/api/direct-messages/${ada.id}/messages?cursor=${cursor}`, {
        token: grace.token,
      });
      expect(response.status, cursor).toBe(400);
    }
    expect((await dm.request(`/api/direct-messages/${ada.id}/messages?limit=0`, { token: grace.token })).status).toBe(
      400,
    );
    expect((await dm.request(`/api/direct-messages/${ada.id}/messages?limit=abc`, { token: grace.token })).status).toBe(
      400,
    );
  });
});

describe('bad input', () => {
  it('answers 400/404/413 with the DM_MESSAGES texts, never 500', async () => {
    const ada = await dm.member();
    const grace = await dm.member();
    const refusal = async (json: unknown, status: number, message?: string, token = ada.token) => {
      const body = await dm.call<{ message: string }>('/api/direct-messages', { token, json, expect: status });
      if (message) expect(body.message).toBe(message);
    };
    await refusal({ content: '', recipientId: grace.id }, 400, DM_MESSAGES.contentRequired);
    await refusal({ content: '   \n ', recipientId: grace.id }, 400, DM_MESSAGES.contentRequired);
    await refusal({ recipientId: grace.id }, 400, DM_MESSAGES.contentRequired);
    await refusal({ content: 'x'.repeat(10_001), recipientId: grace.id }, 400, DM_MESSAGES.contentTooLong);
    await refusal({ content: 'hi' }, 400, DM_MESSAGES.recipientRequired);
    await refusal({ content: 'hi', recipientId: ada.id }, 400, DM_MESSAGES.notYourself);
    await refusal(
      { content: 'hi', recipientId: '8f9c2a8e-6f7e-4a44-9d3e-0c6c1e9f3b11' },
      404,
      DM_MESSAGES.recipientNotFound,
    );
    await refusal({ content: 'hi', recipientId: 'not-a-uuid' }, 404, DM_MESSAGES.recipientNotFound);
    await refusal(
      { content: 'nul \u0000 inside', recipientId: grace.id },
      400,
      'content must not contain a NUL character',
    );
    await refusal(
      { content: 'half \uD800 a pair', recipientId: grace.id },
      400,
      'content must not contain a lone UTF-16 surrogate',
    );
    await refusal({ content: 42, recipientId: grace.id }, 400);
    await refusal(['content'], 400);
    await refusal({ content: 'x'.repeat(200_000), recipientId: grace.id }, 413);
    const notJson = await dm.request('/api/direct-messages', {
      token: ada.token,
      body: '{"content":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await dm.request('/api/direct-messages', { json: { content: 'hi', recipientId: grace.id } })).status).toBe(
      401,
    );

    for (const path of [
      `/api/direct-messages/not-a-uuid/messages`,
      `/api/direct-messages/${'1'.repeat(40)}/read-all`,
    ]) {
      const response = await dm.request(path, { token: ada.token, method: path.endsWith('read-all') ? 'PUT' : 'GET' });
      expect(response.status, path).toBe(404);
    }
    expect((await dm.request('/api/direct-messages/not-a-uuid', { token: ada.token, method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await dm.request(`/api/direct-messages/${ada.id}/messages`, { token: ada.token })).status).toBe(400);
    expect(
      (await dm.request('/api/direct-messages/8f9c2a8e-6f7e-4a44-9d3e-0c6c1e9f3b11/messages', { token: ada.token }))
        .status,
    ).toBe(404);
  });
});

describe('blocking', () => {
  it('refuses writing either way without naming the block, lists it for its owner, and unblocking restores it', async () => {
    const ada = await dm.member({ firstName: 'Ada' });
    const troll = await dm.member();
    await send(troll, ada, 'hello');
    const list = await dm.call<{ userId: string; user: { firstName: string } }[]>(
      `/api/direct-messages/blocks/${troll.id}`,
      { method: 'PUT', token: ada.token },
    );
    expect(list.map((entry) => entry.userId)).toEqual([troll.id]);
    await dm.call(routes.block, { token: ada.token, params: { userId: troll.id } });
    expect(await dm.call(routes.listBlocked, { token: ada.token })).toHaveLength(1);
    expect(await dm.call(routes.listBlocked, { token: troll.token })).toEqual([]);

    for (const [from, to] of [
      [troll, ada],
      [ada, troll],
    ] as const) {
      const refused = await dm.call<{ message: string }>('/api/direct-messages', {
        token: from.token,
        json: { content: 'again', recipientId: to.id },
        expect: 403,
      });
      expect(refused.message).toBe(DM_MESSAGES.cannotMessage);
      expect(refused.message.toLowerCase()).not.toContain('block');
    }
    // The blocked member cannot lift it; its owner can.
    await dm.call(routes.unblock, { token: troll.token, params: { userId: ada.id }, expect: 404 });
    await dm.call(routes.unblock, { token: ada.token, params: { userId: troll.id }, expect: 204 });
    await send(troll, ada, 'sorry');
    expect(await dm.call(routes.listBlocked, { token: ada.token })).toEqual([]);
    await dm.call(routes.block, { token: ada.token, params: { userId: ada.id }, expect: 400 });
  });

  it("answers realtime's question whether two members blocked each other, whichever way round", async () => {
    const [ada, troll] = [await dm.member(), await dm.member()];
    const blockedBetween = (userA: Member, userB: Member) =>
      dm.bus.request(RPC.dmBlockedBetween, { userA: userA.id, userB: userB.id });
    expect(await blockedBetween(troll, ada)).toEqual({ ok: true, value: { blocked: false, directMessagesOff: false } });
    await dm.call(routes.block, { token: ada.token, params: { userId: troll.id } });
    expect(await blockedBetween(troll, ada)).toEqual({ ok: true, value: { blocked: true, directMessagesOff: false } });
    expect(await blockedBetween(ada, troll)).toEqual({ ok: true, value: { blocked: true, directMessagesOff: false } });
    await dm.call(routes.unblock, { token: ada.token, params: { userId: troll.id }, expect: 204 });
    expect(await blockedBetween(ada, troll)).toEqual({ ok: true, value: { blocked: false, directMessagesOff: false } });
    expect(await dm.bus.request(RPC.dmBlockedBetween, { userA: 'nope', userB: ada.id })).toMatchObject({
      ok: false,
      statusCode: 400,
    });
  });
});
