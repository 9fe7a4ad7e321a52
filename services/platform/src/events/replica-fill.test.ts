import { RPC, type UserEventPayload } from '@crucible/proto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventBus } from './event-bus.ts';
import { createMemoryEventBus } from './memory-event-bus.ts';
import { createReplicaFiller } from './replica-fill.ts';

const LOOKUP = RPC.authUser;
type User = UserEventPayload;
const ADA = '00000000-0000-4000-8000-00000000ada0';
const GRACE = '00000000-0000-4000-8000-0000000067ac';
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('replica filler', () => {
  let bus: EventBus;
  let stored: User[];
  let asked: string[];
  const logger = { info() {}, warn: vi.fn(), error() {} };
  const owner: Record<string, User> = {
    [ADA]: {
      id: ADA,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      accessLevel: 'Public',
      isAdmin: false,
      isModerator: false,
    },
  };

  beforeEach(() => {
    bus = createMemoryEventBus();
    stored = [];
    asked = [];
  });
  afterEach(() => bus.close());

  const filler = () =>
    createReplicaFiller({
      bus,
      subject: LOOKUP,
      storeIfMissing: async (user) => void stored.push(user),
      logger,
      timeoutMs: 500,
    });
  const answerAsOwner = () =>
    bus.reply(LOOKUP, async (payload) => {
      const { id } = payload;
      asked.push(id);
      return owner[id] ?? null;
    });

  it("stores and returns the owner's answer for a missing row", async () => {
    await answerAsOwner();
    expect(await filler().fill(ADA)).toEqual(owner[ADA]);
    expect(stored).toEqual([owner[ADA]]);
  });

  it('fills only the ids the replica lacks', async () => {
    await answerAsOwner();
    await filler().fillMissing([ADA, GRACE, ADA], [GRACE]);
    expect(asked).toEqual([ADA]);
  });

  it('stores nothing for an id the owner does not know, and does not ask again at once', async () => {
    await answerAsOwner();
    const users = filler();
    expect(await users.fill(NOBODY)).toBeNull();
    expect(await users.fill(NOBODY)).toBeNull();
    expect(stored).toEqual([]);
    expect(asked).toEqual([NOBODY]);
  });

  it('carries on without the row when the owner does not answer, logging why', async () => {
    expect(await filler().fill(ADA)).toBeNull();
    expect(stored).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ id: ADA, subject: LOOKUP }), expect.any(String));
  });

  it('refuses an answer of another shape instead of storing it', async () => {
    // The bus checks the answer against the subject's reply schema before the filler sees it.
    await bus.reply(LOOKUP, async () => ({ id: ADA }) as User);
    expect(await filler().fill(ADA)).toBeNull();
    expect(stored).toEqual([]);
  });
});
