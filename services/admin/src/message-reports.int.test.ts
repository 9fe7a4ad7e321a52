import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  ADMIN_MESSAGES,
  RPC,
  SUBJECTS,
  adminRoutes,
  type CallInput,
  type DmMessageCreatedPayload,
} from '@crucible/proto';
import { NotFoundError, newEvent } from '@crucible/platform';
import { startAdminHarness, type AdminHarness, type Member } from './testing/admin-harness.ts';

let admin: AdminHarness;

beforeAll(async () => {
  admin = await startAdminHarness();
}, 150_000);
afterAll(() => admin?.stop());

/** A message as dm announces it, published on the real stream. */
async function messageFrom(
  sender: Member,
  recipient: Member,
  content = 'you are all idiots',
): Promise<DmMessageCreatedPayload> {
  const message = {
    id: randomUUID(),
    content,
    senderId: sender.id,
    recipientId: recipient.id,
    createdAt: new Date().toISOString(),
    messageSizeBytes: content.length,
  };
  await admin.bus.publish(newEvent(SUBJECTS.dmMessageCreated, message));
  return message;
}

async function snapshotArrived(messageId: string): Promise<void> {
  await vi.waitFor(
    async () =>
      expect(await admin.sql(`SELECT 1 FROM message_snapshots WHERE message_id = $1`, [messageId])).toHaveLength(1),
    { timeout: 10_000, interval: 50 },
  );
}

/** A report by `reporter`, failing the test unless it answers `status` (201 unless named). */
const report = (reporter: Member, body: CallInput<typeof adminRoutes.reportMessage>['body'], status?: number) =>
  admin.call(adminRoutes.reportMessage, { token: reporter.token, body, expect: status });

it("takes a recipient's report with 201, stores the six-type value and its schema type, and refuses a second open one with 409", async () => {
  const [sender, recipient] = [await admin.member(), await admin.member()];
  const message = await messageFrom(sender, recipient);
  await snapshotArrived(message.id);

  const created = await report(recipient, {
    messageId: message.id,
    reportType: 'hate_speech',
    reportReason: '  slurs  ',
  });
  expect(created).toMatchObject({
    messageId: message.id,
    reporterId: recipient.id,
    reportType: 'hate_speech',
    schemaReportType: 'harassment',
    reportReason: 'slurs',
    isResolved: false,
  });
  const again = await report(recipient, { messageId: message.id, reportType: 'spam' }, 409);
  expect(again).toMatchObject({ message: ADMIN_MESSAGES.alreadyReported });

  // Resolved, it can be reported again.
  await admin.sql(`UPDATE message_reports SET is_resolved = true WHERE message_id = $1`, [message.id]);
  await report(recipient, { messageId: message.id, reportType: 'threat' });
  const stored = await admin.sql<{ report_type: string; schema_report_type: string; description: string | null }>(
    `SELECT report_type, schema_report_type, description FROM message_reports WHERE message_id = $1 ORDER BY created_at`,
    [message.id],
  );
  expect(stored).toEqual([
    { report_type: 'hate_speech', schema_report_type: 'harassment', description: 'slurs' },
    { report_type: 'threat', schema_report_type: 'harassment', description: null },
  ]);
});

it('refuses the sender, hides the message from members outside its conversation, and validates the body', async () => {
  const [sender, recipient, outsider] = [await admin.member(), await admin.member(), await admin.member()];
  const message = await messageFrom(sender, recipient);
  await snapshotArrived(message.id);

  const own = await report(sender, { messageId: message.id, reportType: 'spam' }, 403);
  expect(own).toMatchObject({ message: ADMIN_MESSAGES.notYourOwnMessage });
  const outside = await report(outsider, { messageId: message.id, reportType: 'spam' }, 404);
  expect(outside).toMatchObject({ message: ADMIN_MESSAGES.messageNotFound });

  const refusals: [unknown, number, string?][] = [
    [{ messageId: message.id }, 400, ADMIN_MESSAGES.reportTypeRequired],
    [{ messageId: message.id, reportType: 'rude' }, 400, ADMIN_MESSAGES.reportTypeRequired],
    [{ messageId: message.id, reportType: 'inappropriate' }, 400, ADMIN_MESSAGES.reportTypeRequired],
    [{ reportType: 'spam' }, 400, ADMIN_MESSAGES.messageRequired],
    [{ messageId: 'not-a-uuid', reportType: 'spam' }, 404, ADMIN_MESSAGES.messageNotFound],
    [
      { messageId: message.id, reportType: 'spam', reportReason: 'nul\u0000' },
      400,
      'reportReason must not contain a NUL character',
    ],
    [{ messageId: message.id, reportType: 'spam', reportReason: 'x'.repeat(2001) }, 400, ADMIN_MESSAGES.reasonTooLong],
    [{ messageId: message.id, reportType: 'spam', reportReason: 'x'.repeat(300_000) }, 413],
  ];
  for (const [body, status, text] of refusals) {
    // Raw: some of these bodies lack fields or name report types the contract's types refuse.
    const response = await admin.request('/api/admin/message-reports', { token: recipient.token, json: body });
    expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    if (text) expect((await response.json()).message).toBe(text);
  }
  await admin.call(adminRoutes.reportMessage, { body: { messageId: message.id, reportType: 'spam' }, expect: 401 });
  expect(await admin.sql(`SELECT id FROM message_reports WHERE message_id = $1`, [message.id])).toEqual([]);
});

it('asks dm for a message whose event has not arrived yet, and answers 404 for one dm does not know', async () => {
  const [sender, recipient] = [await admin.member(), await admin.member()];
  const early = {
    id: randomUUID(),
    content: 'just sent',
    senderId: sender.id,
    recipientId: recipient.id,
    createdAt: new Date().toISOString(),
    messageSizeBytes: 9,
  };
  // dm answers an unknown message with a 404, which the bus hands back as data.
  const replier = await admin.bus.reply(RPC.dmMessageSnapshot, async ({ messageId }) => {
    if (messageId !== early.id) throw new NotFoundError('Message not found');
    return early;
  });
  try {
    await report(recipient, { messageId: early.id, reportType: 'other' });
    expect(
      await admin.sql(`SELECT content, sender_id FROM message_snapshots WHERE message_id = $1`, [early.id]),
    ).toEqual([{ content: 'just sent', sender_id: sender.id }]);
    await report(recipient, { messageId: randomUUID(), reportType: 'other' }, 404);
  } finally {
    await replier.stop();
  }
});

it('keeps the text a report was made about when the sender edits afterwards, and takes an edit made before', async () => {
  const [sender, recipient] = [await admin.member(), await admin.member()];
  const reported = await messageFrom(sender, recipient, 'the text as reported');
  const unreported = await messageFrom(sender, recipient, 'first draft');
  await snapshotArrived(reported.id);
  await snapshotArrived(unreported.id);
  await report(recipient, { messageId: reported.id, reportType: 'harassment' });
  const edit = (message: DmMessageCreatedPayload, content: string) =>
    admin.bus.publish(
      newEvent(SUBJECTS.dmMessageEdited, {
        ...message,
        content,
        editedAt: new Date().toISOString(),
        messageSizeBytes: content.length,
      }),
    );
  await edit(reported, 'something harmless');
  await edit(unreported, 'second draft');
  const contentOf = async (id: string) =>
    (await admin.sql<{ content: string }>(`SELECT content FROM message_snapshots WHERE message_id = $1`, [id]))[0]!
      .content;
  await vi.waitFor(async () => expect(await contentOf(unreported.id)).toBe('second draft'), { timeout: 10_000 });
  expect(await contentOf(reported.id)).toBe('the text as reported');
});
