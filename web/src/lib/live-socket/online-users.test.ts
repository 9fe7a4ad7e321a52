import type { OnlineUser } from '@crucible/proto';
import { describe, expect, it } from 'vitest';
import { applyOnlineChanges } from './online-users.ts';

const user = (id: string, firstName = id): OnlineUser => ({
  id,
  email: `${id}@x.test`,
  firstName,
  accessLevel: 'Public',
  profileImageUrl: null,
});

describe('applyOnlineChanges', () => {
  it('removes who left and adds who joined, once', () => {
    const before = [user('a'), user('b'), user('c')];
    expect(applyOnlineChanges(before, { joined: [user('d'), user('a', 'Again')], left: ['b'] })).toEqual([
      user('c'),
      user('d'),
      user('a', 'Again'),
    ]);
  });

  it('leaves a list that has not arrived yet alone', () => {
    expect(applyOnlineChanges(undefined, { joined: [user('a')], left: [] })).toBeUndefined();
  });
});
