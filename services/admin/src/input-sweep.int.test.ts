/**
 * No input gives a 500: every route of the admin contract gets NUL characters, lone surrogates,
 * non-uuid ids, very long text and wrong types in each of its inputs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS, adminRoutes } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { sweepRoutes } from '@crucible/platform/testing';
import { startAdminHarness, type AdminHarness, type Member } from './testing/admin-harness.ts';

let admin: AdminHarness;
let sender: Member;
let recipient: Member;

beforeAll(async () => {
  admin = await startAdminHarness();
  sender = await admin.member();
  recipient = await admin.member();
}, 60_000);
afterAll(() => admin?.stop());

describe('the input sweep of admin', () => {
  it('answers every bad input of every route with a 4xx, never a 5xx', async () => {
    const messageId = randomUUID();
    await admin.bus.publish(
      newEvent(SUBJECTS.dmMessageCreated, {
        id: messageId,
        content: 'Sweep',
        senderId: sender.id,
        recipientId: recipient.id,
        createdAt: new Date().toISOString(),
        messageSizeBytes: 5,
      }),
    );
    // The sample must find its message: wait until dm's event is applied (nobody answers dm's questions here).
    const deadline = Date.now() + 10_000;
    while ((await admin.sql(`SELECT 1 FROM message_snapshots WHERE message_id = $1`, [messageId])).length === 0) {
      if (Date.now() > deadline) throw new Error(`the snapshot of ${messageId} never arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const { requests, findings } = await sweepRoutes(adminRoutes, {
      baseUrl: admin.url,
      tokenFor: () => recipient.token,
      samples: {
        reportMessage: { body: { messageId, reportType: 'spam', reportReason: 'Sweep' } },
      },
    });
    expect(requests).toBeGreaterThan(10);
    expect(findings).toEqual([]);
  }, 120_000);
});
