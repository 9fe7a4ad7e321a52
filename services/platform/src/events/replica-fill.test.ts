import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { EventBus } from './event-bus.ts';
import { createMemoryEventBus } from './memory-event-bus.ts';
import { createReplicaFiller } from './replica-fill.ts';

const LOOKUP = 'rpc.test.user';
const userSchema = z.object({ id: z.string(), name: z.string() });
type User = z.infer<typeof userSchema>;

describe('replica filler', () => {
  let bus: EventBus;
  let stored: User[];
  let asked: string[];
  const logger = { info() {}, warn: vi.fn(), error() {} };
  const owner: Record<string, User> = { ada: { id: 'ada', name: 'Ada Lovelace' } };

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
      schema: userSchema,
      storeIfMissing: async (user) => void stored.push(user),
      logger,
      timeoutMs: 500,
    });
  const answerAsOwner = () =>
    bus.reply(LOOKUP, async (payload) => {
      const { id } = payload as { id: string };
      asked.push(id);
      return owner[id] ?? null;
    });

  it("stores and returns the owner's answer for a missing row", async () => {
    await answerAsOwner();
    expect(await filler().fill('ada')).toEqual(owner.ada);
    expect(stored).toEqual([owner.ada]);
  });

  it('fills only the ids the replica lacks', async () => {
    await answerAsOwner();
    await filler().fillMissing(['ada', 'grace', 'ada'], ['grace']);
    expect(asked).toEqual(['ada']);
  });

  it('stores nothing for an id the owner does not know, and does not ask again at once', async () => {
    await answerAsOwner();
    const users = filler();
    expect(await users.fill('nobody')).toBeNull();
    expect(await users.fill('nobody')).toBeNull();
    expect(stored).toEqual([]);
    expect(asked).toEqual(['nobody']);
  });

  it('carries on without the row when the owner does not answer, logging why', async () => {
    expect(await filler().fill('ada')).toBeNull();
    expect(stored).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'ada', subject: LOOKUP }),
      expect.any(String),
    );
  });

  it('refuses an answer of another shape instead of storing it', async () => {
    await bus.reply(LOOKUP, async () => ({ id: 'ada' }));
    expect(await filler().fill('ada')).toBeNull();
    expect(stored).toEqual([]);
  });
});
