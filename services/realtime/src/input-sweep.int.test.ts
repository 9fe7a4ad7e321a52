/**
 * No input gives a 500: every route of realtime's contract gets NUL characters, lone surrogates,
 * forged cursors, non-uuid ids, very long text, deep and wide JSON and wrong types in each of its
 * inputs, against a member with a notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeRoutes } from '@crucible/proto';
import { sweepRoutes } from '@crucible/test-kit';
import {
  createRealtimeWorld,
  type Member,
  type RealtimeInstance,
  type RealtimeWorld,
} from './testing/realtime-harness.ts';

let world: RealtimeWorld;
let rt: RealtimeInstance;
let member: Member;

beforeAll(async () => {
  world = await createRealtimeWorld();
  rt = await world.startInstance();
  member = await world.member({ firstName: 'Sweep', lastName: 'Member' });
}, 60_000);
afterAll(() => world?.stop());

describe('the input sweep of realtime', () => {
  it('answers every bad input of every route with a 4xx, never a 5xx', async () => {
    const { requests, findings } = await sweepRoutes(realtimeRoutes, {
      baseUrl: rt.url,
      tokenFor: () => member.token,
      defaultParams: { id: member.id, discussionId: member.id },
      samples: {
        listChatHistory: { query: { limit: '5' } },
        listNotificationPage: { query: { limit: '5', unread: 'true' } },
      },
    });
    expect(requests).toBeGreaterThan(50);
    expect(findings).toEqual([]);
  }, 120_000);
});
