/**
 * No input gives a 500: every route of dm's contract gets NUL characters, lone surrogates, forged
 * cursors, non-uuid ids, very long text and wrong types in each of its inputs, against a real
 * conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM_MESSAGES, dmRoutes, encodeKeysetCursor, type DirectMessage } from '@crucible/proto';
import { sweepRoutes } from '@crucible/test-kit';
import { startDmHarness, type DmHarness, type Member } from './testing/dm-harness.ts';

let dm: DmHarness;
let ada: Member;
let grace: Member;

beforeAll(async () => {
  dm = await startDmHarness();
  ada = await dm.member({ firstName: 'Sweep', lastName: 'Ada' });
  grace = await dm.member({ firstName: 'Sweep', lastName: 'Grace' });
}, 60_000);
afterAll(() => dm?.stop());

describe('the input sweep of dm', () => {
  it('answers every bad input of every route with a 4xx, never a 5xx', async () => {
    const message = await dm.call<DirectMessage>('/api/direct-messages', {
      token: ada.token,
      json: { content: 'Sweep hello', recipientId: grace.id },
      expect: 201,
    });
    const validCursor = encodeKeysetCursor({ at: message.createdAt, id: message.id });

    const { requests, findings } = await sweepRoutes(dmRoutes, {
      baseUrl: dm.url,
      tokenFor: () => ada.token,
      defaultParams: { userId: grace.id },
      samples: {
        sendMessage: { body: { content: 'Another', recipientId: grace.id } },
        listMessages: { params: { userId: grace.id }, query: { limit: '5', cursor: validCursor } },
        readAll: { params: { userId: grace.id } },
        block: { params: { userId: grace.id } },
        unblock: { params: { userId: grace.id } },
        editMessage: { params: { messageId: message.id }, body: { content: 'Edited' } },
        deleteMessage: { params: { messageId: message.id } },
      },
    });
    expect(requests).toBeGreaterThan(100);
    expect(findings).toEqual([]);
  }, 120_000);

  it('refuses forged cursors with 400 "Invalid cursor"', async () => {
    const forged = ['1', '+275760-09-13T00:00:00.000Z'].flatMap((at) => [at, encodeKeysetCursor({ at, id: ada.id })]);
    for (const cursor of forged) {
      const response = await dm.request(
        `/api/direct-messages/${grace.id}/messages?cursor=${encodeURIComponent(cursor)}`,
        { token: ada.token },
      );
      expect(response.status, cursor).toBe(400);
      expect(await response.json()).toMatchObject({ message: DM_MESSAGES.invalidCursor });
    }
  });

  it('refuses a NUL and a lone surrogate in a message with a 400', async () => {
    for (const content of ['bad\u0000message', 'bad\uDC00message']) {
      const response = await dm.request('/api/direct-messages', {
        token: ada.token,
        json: { content, recipientId: grace.id },
      });
      expect(response.status).toBe(400);
    }
    const stored = await dm.sql(`SELECT 1 FROM direct_messages WHERE content LIKE 'bad%'`);
    expect(stored).toEqual([]);
  });
});
