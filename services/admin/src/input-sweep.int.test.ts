/**
 * No input gives a 500: every route of the admin contract gets NUL characters, lone surrogates,
 * non-uuid ids, very long text and wrong types in each of its inputs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutes, dmRoutes } from '@crucible/proto';
import { sweepRoutes } from '@crucible/test-kit';
import { startAdminHarness, type AdminHarness, type Member } from './testing/admin-harness.ts';

let admin: AdminHarness;
let sender: Member;
let recipient: Member;
let boss: Member;

beforeAll(async () => {
  // dm beside it answers the console's questions, so the sweep reaches past them.
  admin = await startAdminHarness({ withDm: true });
  sender = await admin.member();
  recipient = await admin.member();
  boss = await admin.member('Admin');
}, 120_000);
afterAll(() => admin?.stop());

async function sendMessage(content: string) {
  const message = await admin.dm!.call(dmRoutes.sendMessage, {
    token: sender.token,
    body: { content, recipientId: recipient.id },
  });
  await expect
    .poll(async () => (await admin.sql(`SELECT 1 FROM message_snapshots WHERE message_id = $1`, [message.id])).length, {
      timeout: 15_000,
    })
    .toBe(1);
  return message;
}

describe('the input sweep of admin', () => {
  it('answers every bad input of every route with a 4xx, never a 5xx', async () => {
    const [reported, flagged, deleted] = [
      await sendMessage('Sweep'),
      await sendMessage('Flag me'),
      await sendMessage('Delete me'),
    ];
    const report = await admin.call(adminRoutes.reportMessage, {
      token: recipient.token,
      body: { messageId: reported.id, reportType: 'spam' },
    });
    const { flags } = await admin.call(adminRoutes.bulkFlagMessages, {
      token: boss.token,
      body: { messageIds: [flagged.id], reason: 'Sweep' },
    });

    const { requests, findings } = await sweepRoutes(adminRoutes, {
      baseUrl: admin.url,
      tokenFor: (auth) => (auth === 'admin' ? boss.token : recipient.token),
      samples: {
        reportMessage: { body: { messageId: flagged.id, reportType: 'spam', reportReason: 'Sweep' } },
        updateAccessLevel: { params: { value: 'Core' }, body: { description: 'Sweep' } },
        listConversations: { query: { limit: '10', offset: '0' } },
        viewConversation: { params: { user1Id: sender.id, user2Id: recipient.id }, query: { limit: '10' } },
        listDirectMessages: { query: { limit: '10', offset: '0' } },
        listReports: { query: { status: 'open', limit: '10', offset: '0' } },
        resolveReport: { params: { id: report.id }, body: { resolution: 'Sweep' } },
        listFlags: { query: { status: 'pending', limit: '10', offset: '0' } },
        updateFlagStatus: { params: { id: flags[0]!.id }, body: { status: 'under_review', reviewNotes: 'Sweep' } },
        bulkDeleteMessages: { body: { messageIds: [deleted.id], reason: 'Sweep' } },
        bulkFlagMessages: { body: { messageIds: [flagged.id], reason: 'Sweep', priority: 2 } },
        memberActivity: { params: { id: sender.id } },
        listAuditLogs: { query: { actionType: 'bulk_delete', adminId: boss.id, limit: '10', offset: '0' } },
      },
    });
    expect(requests).toBeGreaterThan(300);
    expect(findings).toEqual([]);
  }, 300_000);
});
