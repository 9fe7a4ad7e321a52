import { describe, expect, it } from 'vitest';
import { SUBJECTS, type EventOf, type UserEventPayload } from '@crucible/proto';
import type { EmitEvent } from './outbox.ts';
import { newEvent } from './outbox.ts';
import { checkPayload } from './typed-events.ts';

const user: UserEventPayload = {
  id: '7b7e8f0e-8a0e-4a43-9d4b-0f3f1c2b9a10',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  accessLevel: 'Journeyman',
  isAdmin: false,
  isModerator: false,
};

describe('typed events', () => {
  it("refuses to compile a payload that is not its subject's (typecheck runs this file)", () => {
    // @ts-expect-error a user.deleted payload on user.created
    newEvent(SUBJECTS.userCreated, { id: user.id });
    const emit: EmitEvent = async () => {};
    // @ts-expect-error a subject outside proto's EVENT_PAYLOADS cannot be emitted by a service
    void emit('auth.user.renamed', user);
    // @ts-expect-error the access level is not one of the levels
    void emit(SUBJECTS.userUpdated, { ...user, accessLevel: 'Wizard' });
    expect(newEvent(SUBJECTS.userCreated, user).payload).toEqual(user);
  });

  it('gives a subscriber of several subjects one payload type per subject', () => {
    const describeEvent = (event: EventOf<typeof SUBJECTS.userCreated | typeof SUBJECTS.userDeleted>) =>
      // Narrowing on the subject narrows the payload: `email` exists on user.created only.
      event.subject === SUBJECTS.userDeleted ? `deleted ${event.payload.id}` : `created ${event.payload.email}`;
    expect(describeEvent(newEvent(SUBJECTS.userCreated, user))).toBe('created ada@example.test');
    expect(describeEvent(newEvent(SUBJECTS.userDeleted, { id: user.id }))).toBe(`deleted ${user.id}`);
  });

  it("parses a payload by its subject's schema, dropping fields the schema does not name", () => {
    const checked = checkPayload({ ...newEvent(SUBJECTS.userCreated, user), payload: { ...user, password: 'leaked' } });
    expect(checked).toEqual({ ok: true, event: expect.objectContaining({ payload: user }) });
  });

  it("refuses a payload that does not match its subject's schema, naming the field", () => {
    const checked = checkPayload({ ...newEvent(SUBJECTS.userCreated, user), payload: { ...user, email: 42 } });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.issues).toEqual([expect.objectContaining({ path: ['email'] })]);
  });

  it('passes an event of a subject outside the map unchanged', () => {
    const event = newEvent('test.thing.happened', { anything: true });
    expect(checkPayload(event)).toEqual({ ok: true, event });
  });
});
