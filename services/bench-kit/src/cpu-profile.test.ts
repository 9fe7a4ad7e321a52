import { describe, expect, it } from 'vitest';
import { placeOf, summarizeProfile } from './cpu-profile.ts';

describe('summarizeProfile', () => {
  it('adds self time by place and function, leaving idle out', () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });
    const summary = summarizeProfile({
      nodes: [
        { id: 1, callFrame: frame('(idle)', '') },
        { id: 2, callFrame: frame('query', 'file:///repo/node_modules/pg/lib/client.js') },
        { id: 3, callFrame: frame('listDiscussions', 'file:///repo/services/forum/src/use-cases/discussions.ts') },
      ],
      samples: [1, 2, 2, 3, 1],
      timeDeltas: [5000, 1000, 2000, 1000, 9000],
    });
    expect(summary.busyMs).toBe(4);
    expect(summary.byPlace).toEqual([
      { place: 'pg', ms: 3, share: 0.75 },
      { place: 'services/forum/src', ms: 1, share: 0.25 },
    ]);
    expect(summary.topFunctions[0]).toMatchObject({ name: 'query client.js:10', place: 'pg', ms: 3 });
  });

  it('names places', () => {
    expect(placeOf('file:///r/node_modules/@nats-io/nats-core/lib/x.js', 'f')).toBe('@nats-io/nats-core');
    expect(placeOf('node:internal/streams/readable', 'f')).toBe('node internals');
    expect(placeOf('', '(garbage collector)')).toBe('(garbage collector)');
    expect(placeOf('file:///r/gateway/src/proxy.ts', 'f')).toBe('gateway/src');
  });
});
