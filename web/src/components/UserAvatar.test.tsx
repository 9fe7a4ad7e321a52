import { describe, expect, it } from 'vitest';
import { avatarInitial } from './UserAvatar.tsx';

describe('avatarInitial', () => {
  it("is the name's first letter in upper case, or '?' without a name", () => {
    expect(avatarInitial('ada')).toBe('A');
    expect(avatarInitial('  émile')).toBe('É');
    expect(avatarInitial('')).toBe('?');
    expect(avatarInitial(null)).toBe('?');
  });
});
