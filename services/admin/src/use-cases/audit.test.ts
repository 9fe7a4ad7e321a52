import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { AdminActionPayload } from '@crucible/proto';
import { auditRecordsOf } from './audit.ts';

const at = new Date('2026-01-02T03:04:05.000Z');
const action = (overrides: Partial<AdminActionPayload>): AdminActionPayload => ({
  adminId: randomUUID(),
  actionType: 'user_update',
  targetUserId: null,
  description: 'Did it',
  ipAddress: '198.51.100.7',
  userAgent: 'UA',
  sessionId: 's1',
  ...overrides,
});

it('turns a bulk delete into its own row plus one message_delete row per message, keeping who and where', () => {
  const [a, b] = [randomUUID(), randomUUID()];
  const records = auditRecordsOf(
    action({ actionType: 'bulk_delete', description: 'Deleted 2', details: { messageIds: [a, b], reason: 'spam' } }),
    at,
  );
  expect(records.map((record) => [record.actionType, record.targetMessageId ?? null])).toEqual([
    ['bulk_delete', null],
    ['message_delete', a],
    ['message_delete', b],
  ]);
  expect(new Set(records.map((record) => [record.ipAddress, record.userAgent, record.createdAt].join()))).toEqual(
    new Set([['198.51.100.7', 'UA', at].join()]),
  );
  expect(records[1]?.description).toBe(`Deleted message ${a}: spam`);
});

it('records a flag per message, an unknown action type as other (naming it), and skips an action without an admin', () => {
  const id = randomUUID();
  expect(
    auditRecordsOf(action({ actionType: 'message_flag', details: { messageIds: [id, 'junk'] } }), at).map(
      (record) => record.targetMessageId,
    ),
  ).toEqual([id]);
  expect(auditRecordsOf(action({ actionType: 'user_shadowban' }), at)[0]).toMatchObject({
    actionType: 'other',
    details: { reportedActionType: 'user_shadowban' },
  });
  expect(auditRecordsOf(action({ adminId: 'system' }), at)).toEqual([]);
});
