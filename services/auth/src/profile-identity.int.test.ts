/**
 * Names and the picture changed on the profile reach auth (profile.identity.changed), and auth
 * announces the user again (auth.user.updated), which every replica applies.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBJECTS, type UserEventPayload } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { collectEvents, startAuthHarness, uniqueEmail, type AuthHarness } from './testing/auth-harness.ts';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuthHarness();
}, 120_000);
afterAll(() => auth?.stop());

it('applies a name change made on the profile once, even when the event arrives twice, and announces it', async () => {
  const [member] = await auth.sql<{ id: string }>(
    `INSERT INTO users (id, email, first_name, last_name) VALUES (gen_random_uuid(), $1, 'Ada', 'Byron') RETURNING id`,
    [uniqueEmail('profile-names')],
  );
  const id = member!.id;
  const updates = await collectEvents(
    auth.bus,
    [SUBJECTS.userUpdated],
    (event) => (event.payload as UserEventPayload).id === id,
  );
  try {
    const rename = newEvent(SUBJECTS.profileIdentityChanged, { userId: id, firstName: 'Grace', lastName: 'Hopper' });
    await auth.bus.publish(rename);
    await auth.bus.publish(rename);
    await auth.bus.publish(
      newEvent(SUBJECTS.profileIdentityChanged, { userId: id, profileImageUrl: '/api/profile-pictures/a.webp' }),
    );

    const events = await updates.waitUntil((seen) =>
      seen.some((event) => (event.payload as UserEventPayload).profileImageUrl === '/api/profile-pictures/a.webp'),
    );
    expect(events.map((event) => event.payload)).toEqual([
      expect.objectContaining({ id, firstName: 'Grace', lastName: 'Hopper', profileImageUrl: null }),
      expect.objectContaining({
        id,
        firstName: 'Grace',
        lastName: 'Hopper',
        profileImageUrl: '/api/profile-pictures/a.webp',
      }),
    ]);
    const [row] = await auth.sql(`SELECT first_name, last_name FROM users WHERE id = $1`, [id]);
    expect(row).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  } finally {
    await updates.stop();
  }
});
