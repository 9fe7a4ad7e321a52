import { describe, expect, it } from 'vitest';
import { DM_MESSAGES, messageSizeBytes, sendMessageSchema } from './dm.ts';

describe('direct message contract', () => {
  it('counts a message in UTF-8 bytes', () => {
    expect(messageSizeBytes('abc')).toBe(3);
    expect(messageSizeBytes('é€😀')).toBe(2 + 3 + 4);
  });

  it('gives DM_MESSAGES texts for empty, blank and long messages and keeps content as sent', () => {
    const recipientId = '8f9c2a8e-6f7e-4a44-9d3e-0c6c1e9f3b11';
    const firstMessage = (content: unknown) =>
      sendMessageSchema.safeParse({ content, recipientId }).error?.issues[0]?.message;
    expect(firstMessage('')).toBe(DM_MESSAGES.contentRequired);
    expect(firstMessage(' \n\t')).toBe(DM_MESSAGES.contentRequired);
    expect(firstMessage(undefined)).toBe(DM_MESSAGES.contentRequired);
    expect(firstMessage('x'.repeat(10_001))).toBe(DM_MESSAGES.contentTooLong);
    expect(sendMessageSchema.parse({ content: ' <b>hi</b> ', recipientId }).content).toBe(' <b>hi</b> ');
    expect(sendMessageSchema.parse({ content: 'x'.repeat(10_000), recipientId }).content).toHaveLength(10_000);
  });
});
