import { describe, expect, it } from 'vitest';
import { avatarInitial, canSendChat, chatDisplayName, isSendKey, lineFromStored } from './chat-rules.ts';

describe('chat send rules', () => {
  it('sends a non-blank message over an open socket for a signed-in member', () => {
    expect(canSendChat(' hello ', true, true)).toBe(true);
  });

  it('refuses a blank message, a closed socket or no member', () => {
    expect(canSendChat('   \n ', true, true)).toBe(false);
    expect(canSendChat('hello', false, true)).toBe(false);
    expect(canSendChat('hello', true, false)).toBe(false);
  });

  it('sends on Enter but not on Shift+Enter or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});

describe('chat names', () => {
  it("uses the full name, else the e-mail, else 'Anonymous'", () => {
    expect(chatDisplayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(chatDisplayName({ firstName: null, lastName: null, email: 'a@x.io' })).toBe('a@x.io');
    expect(chatDisplayName(null)).toBe('Anonymous');
    expect(avatarInitial('ada')).toBe('A');
  });

  it('turns a stored message into a line with its sender', () => {
    const line = lineFromStored({
      id: 'm1',
      content: 'hi',
      senderId: 'u1',
      createdAt: '2026-01-01T10:05:00Z',
      sender: { firstName: 'Ada', lastName: null, email: null, profileImageUrl: '/p.png' },
    });
    expect(line.sender).toEqual({ id: 'u1', name: 'Ada', avatar: '/p.png' });
  });
});
