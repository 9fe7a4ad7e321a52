import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { readSavedTheme } from './theme-preference.tsx';

describe('readSavedTheme', () => {
  it('starts on mystical', () => {
    expect(readSavedTheme()).toBe('mystical');
  });

  it('restores one of the seven themes', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'usa');
    expect(readSavedTheme()).toBe('usa');
  });

  it('ignores a saved value that is not one of the seven', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'neon');
    expect(readSavedTheme()).toBe('mystical');
  });
});
