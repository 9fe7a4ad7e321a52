import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it.each(['password', '12345678', 'Password1', 'qwertyuiop', 'iloveyou'])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['correct horse battery', 'long enough pass', 'x7#Lq9!vTz'])('takes %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
