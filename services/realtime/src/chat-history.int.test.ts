import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_MESSAGES, realtimeRoutes } from '@crucible/proto';
import {
  TestSocket,
  createRealtimeWorld,
  type RealtimeInstance,
  type RealtimeWorld,
} from './testing/realtime-harness.ts';

const WAIT = { timeout: 5_000, interval: 20 };
const CHAT_PER_10S = 3;

let world: RealtimeWorld;
let rt: RealtimeInstance;

beforeAll(async () => {
  world = await createRealtimeWorld();
  rt = await world.startInstance({ env: { REALTIME_CHAT_MESSAGES_PER_10S: String(CHAT_PER_10S) } });
}, 60_000);
afterAll(() => world?.stop());

describe('community chat history, by cursor', () => {
  it('pages from the newest back to the first message, oldest first in each page, none twice or missing', async () => {
    const member = await world.member();
    // 25 messages a second apart (two sharing one instant, so the id breaks the tie).
    const start = Date.parse('2026-01-01T10:00:00.000Z');
    const stored = Array.from({ length: 25 }, (_, index) => ({
      id: randomUUID(),
      content: `history ${index}`,
      createdAt: new Date(start + Math.min(index, 23) * 1000).toISOString(),
    }));
    for (const message of stored)
      await world.sql(`INSERT INTO chat_messages (id, content, sender_id, created_at) VALUES ($1, $2, $3, $4)`, [
        message.id,
        message.content,
        member.id,
        message.createdAt,
      ]);
    const expectedOrder = [...stored]
      .sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id))
      .map((message) => message.id);

    const history = (query: { limit?: number; cursor?: string }) =>
      rt.call(realtimeRoutes.listChatHistory, { query, token: member.token });
    const first = await history({ limit: 10 });
    expect(first.messages.map((message) => message.id)).toEqual(expectedOrder.slice(15));
    expect(first.hasMore).toBe(true);
    // A message that arrives between pages moves nothing on the older pages.
    await world.sql(`INSERT INTO chat_messages (id, content, sender_id) VALUES ($1, 'newer', $2)`, [
      randomUUID(),
      member.id,
    ]);
    const second = await history({ limit: 10, cursor: first.nextCursor! });
    expect(second.messages.map((message) => message.id)).toEqual(expectedOrder.slice(5, 15));
    const third = await history({ limit: 10, cursor: second.nextCursor! });
    expect(third.messages.map((message) => message.id)).toEqual(expectedOrder.slice(0, 5));
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
    expect(third.messages[0]).toMatchObject({ senderId: member.id, sender: { firstName: member.firstName } });
  });

  it('answers a forged cursor or a bad limit with 400 and the reason', async () => {
    const member = await world.member();
    const forged = await rt.call(realtimeRoutes.listChatHistory, {
      query: { cursor: 'not-a-cursor' },
      token: member.token,
      expect: 400,
    });
    expect(JSON.stringify(forged)).toContain(REALTIME_MESSAGES.invalidCursor);
    await rt.call(realtimeRoutes.listChatHistory, { query: { limit: 0 }, token: member.token, expect: 400 });
    await rt.call(realtimeRoutes.listChatHistory, { expect: 401 });
  });
});

describe('chat rate limit', () => {
  it('answers the refused messages to the sender only, naming each and when sending is possible again', async () => {
    const [sender, reader] = [await world.member(), await world.member()];
    const senderSocket = await TestSocket.open(rt.wsUrl, sender.token);
    const readerSocket = await TestSocket.open(rt.wsUrl, reader.token);
    const sent = Array.from({ length: CHAT_PER_10S + 2 }, (_, index) => ({
      clientId: `local-${index}`,
      content: `burst ${index} ${randomUUID()}`,
    }));
    for (const message of sent) senderSocket.send({ type: 'chat', ...message });

    await vi.waitFor(() => expect(senderSocket.of('chat_refused')).toHaveLength(2), WAIT);
    await vi.waitFor(() => expect(readerSocket.of('chat')).toHaveLength(CHAT_PER_10S), WAIT);
    const refused = senderSocket.of('chat_refused');
    const delivered = new Set(readerSocket.of('chat').map((chat) => chat.content));
    for (const refusal of refused) {
      expect(refusal.message).toBe(REALTIME_MESSAGES.chatRateLimited);
      expect(refusal.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(10);
      const original = sent.find((message) => message.clientId === refusal.clientId);
      expect(original).toBeDefined();
      expect(delivered.has(original!.content)).toBe(false);
    }
    expect(readerSocket.of('chat_refused')).toHaveLength(0);
    await Promise.all([senderSocket.close(), readerSocket.close()]);
  });

  it('answers an empty message with a refusal that names no wait', async () => {
    const sender = await world.member();
    const socket = await TestSocket.open(rt.wsUrl, sender.token);
    socket.send({ type: 'chat', content: '<b></b>', clientId: 'empty-1' });
    await vi.waitFor(() => expect(socket.of('chat_refused')).toHaveLength(1), WAIT);
    expect(socket.of('chat_refused')[0]).toEqual({
      type: 'chat_refused',
      message: REALTIME_MESSAGES.chatEmpty,
      clientId: 'empty-1',
      retryAfterSeconds: null,
    });
    await socket.close();
  });
});
