import { describe, expect, it } from 'vitest';
import type { DirectMessage, Quota } from '@crucible/proto';
import {
  DM_TEXTS,
  composerKeyAction,
  formatMegabytes,
  formatMessageSize,
  formatPercent,
  memberDisplayName,
  messageContentProblem,
  messageKeyAction,
  canStillEdit,
  quotaBarColor,
  quotaWarningLevel,
  quotaWarningToast,
  stripHtml,
  threadMessages,
} from './message-rules.ts';

const MAX = 1_048_576;
/** A quota as the server answers it, from its used bytes. */
const quotaOf = (usedBytes: number, warningThreshold = 838_860): Quota => ({
  usedBytes,
  maxBytes: MAX,
  usagePercentage: (usedBytes / MAX) * 100,
  remainingBytes: MAX - usedBytes,
  isNearLimit: usedBytes >= warningThreshold,
  warningThreshold,
});
const quotaAt = (percent: number, extra: Partial<Quota> = {}): Quota => ({
  ...quotaOf(Math.ceil((MAX * percent) / 100)),
  ...extra,
});

function aMessage(id: string, createdAt: string): DirectMessage {
  return {
    id,
    content: id,
    senderId: 'a',
    recipientId: 'b',
    isRead: false,
    readAt: null,
    createdAt,
    messageSizeBytes: 2,
    editedAt: null,
  };
}

describe('quota warning levels', () => {
  it.each([
    [0, 0],
    [79.9, 0],
    [80, 1],
    [89.9, 1],
    [90, 2],
    [94.9, 2],
    [95, 3],
    [120, 3],
  ])('puts %s percent at level %s', (percent, level) => {
    expect(quotaWarningLevel(quotaAt(percent))).toBe(level);
  });

  it('raises to level 1 below 80% when the server says the quota is near its limit', () => {
    expect(quotaWarningLevel(quotaAt(50, { isNearLimit: true }))).toBe(1);
  });

  it('raises to level 1 once usage reaches the warning threshold in bytes', () => {
    expect(quotaWarningLevel(quotaOf(700_000, 700_000))).toBe(1);
    expect(quotaWarningLevel(quotaOf(699_999, 700_000))).toBe(0);
  });
});

describe('quota warning toasts', () => {
  it('warns for 5, 7 and 10 seconds as the level rises to 1, 2 and 3', () => {
    expect(quotaWarningToast(0, 1, quotaAt(81))?.durationMs).toBe(5000);
    expect(quotaWarningToast(1, 2, quotaAt(91))?.durationMs).toBe(7000);
    expect(quotaWarningToast(2, 3, quotaAt(96))?.durationMs).toBe(10_000);
  });

  it('stays quiet when the level holds or falls', () => {
    expect(quotaWarningToast(1, 1, quotaAt(85))).toBeNull();
    expect(quotaWarningToast(3, 1, quotaAt(85))).toBeNull();
    expect(quotaWarningToast(0, 0, quotaAt(10))).toBeNull();
  });

  it('says how much is used and left', () => {
    expect(quotaWarningToast(0, 3, quotaOf(MAX - 512))?.description).toMatch(/used 100\.0% .*512 B left/);
  });
});

describe('quota bar colour', () => {
  it('is yellow above 75% and red above 90%', () => {
    expect(quotaBarColor(75)).toBe('primary');
    expect(quotaBarColor(75.1)).toBe('warning');
    expect(quotaBarColor(90)).toBe('warning');
    expect(quotaBarColor(90.1)).toBe('error');
  });
});

describe('sizes and percentages', () => {
  it('shows sizes under 1024 bytes in B and larger ones in MB with two decimals', () => {
    expect(formatMessageSize(0)).toBe('0 B');
    expect(formatMessageSize(1023)).toBe('1023 B');
    expect(formatMessageSize(1024)).toBe('0.00 MB');
    expect(formatMessageSize(524_288)).toBe('0.50 MB');
  });

  it('shows the quota in MB and percentages with one decimal', () => {
    expect(formatMegabytes(MAX)).toBe('1.00 MB');
    expect(formatMegabytes(838_860)).toBe('0.80 MB');
    expect(formatPercent(79.99)).toBe('80.0%');
    expect(formatPercent(12.345)).toBe('12.3%');
  });
});

describe('message content', () => {
  it('refuses blank and over-long content with the DM_TEXTS texts', () => {
    expect(messageContentProblem('   \n')).toBe(DM_TEXTS.contentRequired);
    expect(messageContentProblem('x'.repeat(10_001))).toBe(DM_TEXTS.contentTooLong);
    expect(messageContentProblem('x'.repeat(10_000))).toBeNull();
  });

  it('strips all HTML, keeping only the text', () => {
    expect(stripHtml('<b>bold</b> <img src=x onerror="alert(1)">and <a href="/x">link</a>')).toBe('bold and link');
    expect(stripHtml('<script>alert(1)</script>safe')).toBe('safe');
    expect(stripHtml('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });

  it('names a member by preferred name, then full name, then email', () => {
    expect(memberDisplayName({ preferredName: 'Ada', firstName: 'Augusta', lastName: 'King', email: 'a@x' })).toBe(
      'Ada',
    );
    expect(memberDisplayName({ preferredName: null, firstName: 'Augusta', lastName: 'King', email: 'a@x' })).toBe(
      'Augusta King',
    );
    expect(memberDisplayName({ preferredName: ' ', firstName: null, lastName: null, email: 'a@x' })).toBe('a@x');
  });
});

describe('keys', () => {
  it('sends on Enter and adds a line on Shift+Enter', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('none');
    expect(composerKeyAction({ key: 'a', shiftKey: false })).toBe('none');
  });

  it('deletes one’s own message with Delete or Backspace and reports another’s with r', () => {
    expect(messageKeyAction('Delete', true)).toBe('delete');
    expect(messageKeyAction('Backspace', true)).toBe('delete');
    expect(messageKeyAction('r', true)).toBe('none');
    expect(messageKeyAction('r', false)).toBe('report');
    expect(messageKeyAction('R', false)).toBe('report');
    expect(messageKeyAction('Delete', false)).toBe('none');
    expect(messageKeyAction('e', true)).toBe('edit');
    expect(messageKeyAction('e', false)).toBe('none');
  });

  it('allows editing for 15 minutes after sending', () => {
    const sentAt = Date.parse('2026-03-01T10:00:00Z');
    const message = { createdAt: new Date(sentAt).toISOString() };
    expect(canStillEdit(message, sentAt + 14 * 60_000)).toBe(true);
    expect(canStillEdit(message, sentAt + 15 * 60_000)).toBe(false);
  });
});

describe('thread order', () => {
  it('shows each message once, oldest first, whatever pages they came in', () => {
    const newest = {
      messages: [aMessage('m3', '2026-01-01T10:03:00Z'), aMessage('m2', '2026-01-01T10:02:00Z')],
      nextCursor: 'c',
      hasMore: true,
    };
    const older = {
      messages: [aMessage('m2', '2026-01-01T10:02:00Z'), aMessage('m1', '2026-01-01T10:01:00Z')],
      nextCursor: null,
      hasMore: false,
    };
    expect(threadMessages([newest, older]).map((message) => message.id)).toEqual(['m1', 'm2', 'm3']);
  });
});
