import { describe, expect, it } from 'vitest';
import { displayName, fullName } from './names.ts';

describe('fullName', () => {
  it('joins the filled parts and leaves out blank ones', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: ' Ada ', lastName: '  ' })).toBe('Ada');
    expect(fullName({ firstName: null, lastName: 'Lovelace' })).toBe('Lovelace');
    expect(fullName(undefined)).toBe('');
  });
});

describe('displayName', () => {
  it('prefers the name over the e-mail', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.test' }, { withEmail: true })).toBe(
      'Ada Lovelace',
    );
  });

  it('never shows the e-mail unless asked to', () => {
    expect(displayName({ firstName: null, lastName: null, email: 'ada@x.test' })).toBe('Unknown User');
    expect(displayName({ firstName: '', lastName: ' ', email: 'ada@x.test' })).toBe('Unknown User');
  });

  it('falls back to the e-mail when asked to', () => {
    expect(displayName({ firstName: null, lastName: null, email: 'ada@x.test' }, { withEmail: true })).toBe(
      'ada@x.test',
    );
  });

  it('names a missing person and one with nothing set by the fallback given', () => {
    expect(displayName(undefined)).toBe('Unknown User');
    expect(displayName(null, { withEmail: true })).toBe('Unknown User');
    expect(displayName({ email: null }, { withEmail: true, unknown: 'Anonymous' })).toBe('Anonymous');
  });
});
