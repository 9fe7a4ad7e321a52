import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROADCASTS, DM_MESSAGES, RPC, SUBJECTS, type EventOf, type UserEventPayload } from '@crucible/proto';
import { NotFoundError } from '../errors/http-errors.ts';
import { EventBusReplyError, type EventBus } from './event-bus.ts';
import { createMemoryEventBus } from './memory-event-bus.ts';
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

describe('typed request-reply and broadcasts', () => {
  let bus: EventBus;
  beforeEach(() => {
    bus = createMemoryEventBus();
  });
  afterEach(() => bus.close());

  const ADMIN_ID = '7B7E8F0E-8A0E-4A43-9D4B-0F3F1C2B9A10';
  const suspension = { adminId: ADMIN_ID, userId: user.id, until: '2030-01-01T00:00:00Z', reason: 'spam' };

  it("refuses to compile a request or an answer that is not its subject's (typecheck runs this file)", async () => {
    // @ts-expect-error a session question carries the session id
    void bus.request(RPC.authSession, { userId: user.id }).catch(() => undefined);
    // @ts-expect-error auth answers a user lookup with the user, not a count
    await bus.reply(RPC.authUser, async () => ({ count: 1 }));
    expect(true).toBe(true);
  });

  it('hands the replier the request parsed by its schema and the asker the parsed answer', async () => {
    const received: unknown[] = [];
    await bus.reply(RPC.authAdminSuspend, async (request) => {
      received.push(request);
      return { userId: request.userId };
    });
    expect(await bus.request(RPC.authAdminSuspend, suspension)).toEqual({ ok: true, value: { userId: user.id } });
    expect(received).toEqual([{ ...suspension, adminId: ADMIN_ID.toLowerCase(), until: new Date(suspension.until) }]);
  });

  it("answers an owner question's malformed request with a 400 as data, without running the handler", async () => {
    const handled = vi.fn(async () => ({ flagged: [] }));
    await bus.reply(RPC.dmAdminBulkFlag, handled);
    const answer = await bus.request(RPC.dmAdminBulkFlag, { adminId: ADMIN_ID, messageIds: [user.id], reason: ' ' });
    expect(answer).toEqual({ ok: false, statusCode: 400, message: DM_MESSAGES.reasonRequired });
    expect(handled).not.toHaveBeenCalled();
  });

  it("answers an owner question's refusal with its status and words", async () => {
    await bus.reply(RPC.dmMessageSnapshot, async () => {
      throw new NotFoundError(DM_MESSAGES.messageNotFound);
    });
    expect(await bus.request(RPC.dmMessageSnapshot, { messageId: user.id })).toEqual({
      ok: false,
      statusCode: 404,
      message: DM_MESSAGES.messageNotFound,
    });
  });

  it("rejects another question's malformed request with EventBusReplyError, without running the handler", async () => {
    const handled = vi.fn(async () => null);
    await bus.reply(RPC.authUser, handled);
    await expect(bus.request(RPC.authUser, { id: 'not-a-uuid' })).rejects.toBeInstanceOf(EventBusReplyError);
    expect(handled).not.toHaveBeenCalled();
  });

  it('rejects an answer that does not match its schema at the asker with EventBusReplyError', async () => {
    await bus.reply(RPC.authUser, async () => ({ ...user, accessLevel: 'Wizard' }) as unknown as UserEventPayload);
    await expect(bus.request(RPC.authUser, { id: user.id })).rejects.toBeInstanceOf(EventBusReplyError);
  });

  it("drops a broadcast whose payload does not match its subject's schema", async () => {
    const received: unknown[] = [];
    await bus.subscribeBroadcast(BROADCASTS.sessionChanged, (payload) => received.push(payload));
    const malformed = { sessionId: 42, principal: null } as unknown as { sessionId: string; principal: null };
    await bus.broadcast(BROADCASTS.sessionChanged, malformed);
    // Broadcasts arrive in the order sent: once the later one is in, the earlier one is never coming.
    await bus.broadcast(BROADCASTS.sessionChanged, { sessionId: 'later', principal: null });
    await vi.waitFor(() => expect(received).toContainEqual({ sessionId: 'later', principal: null }));
    expect(received).toEqual([{ sessionId: 'later', principal: null }]);
  });
});
