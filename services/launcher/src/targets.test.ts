import { describe, expect, it } from 'vitest';
import { createTargetRunner, startOrder, TargetError, type TargetGraph } from './targets.ts';

/** Fake targets that write what happens to them into one journal, in order. */
function fakeGraph(dependencies: Record<string, string[]>, behaviour: { failing?: string; failingStop?: string } = {}) {
  const journal: string[] = [];
  const graph: TargetGraph = Object.fromEntries(
    Object.entries(dependencies).map(([name, dependsOn]) => [
      name,
      {
        dependsOn,
        async start() {
          if (name === behaviour.failing) throw new Error(`${name} could not bind its port`);
          journal.push(`start ${name}`);
          return {
            async stop() {
              journal.push(`stop ${name}`);
              if (name === behaviour.failingStop) throw new Error(`${name} hung`);
            },
          };
        },
      },
    ]),
  );
  return { graph, journal };
}

const PRODUCT = {
  database: [],
  infrastructure: [],
  auth: ['database', 'infrastructure'],
  forum: ['database', 'infrastructure'],
  gateway: ['auth', 'forum', 'infrastructure'],
};

describe('startOrder', () => {
  it('puts every target after the targets it depends on', () => {
    expect(startOrder(fakeGraph(PRODUCT).graph, ['gateway'])).toEqual([
      'database',
      'infrastructure',
      'auth',
      'forum',
      'gateway',
    ]);
  });

  it('adds only what the requested targets need', () => {
    const { graph } = fakeGraph({ ...PRODUCT, gateway: ['infrastructure'] });
    expect(startOrder(graph, ['gateway'])).toEqual(['infrastructure', 'gateway']);
    expect(startOrder(graph, ['forum'])).toEqual(['database', 'infrastructure', 'forum']);
  });

  it('names an unknown target and the targets there are', () => {
    expect(() => startOrder(fakeGraph(PRODUCT).graph, ['forum', 'chat'])).toThrow(
      'Unknown target "chat"; known targets: database, infrastructure, auth, forum, gateway',
    );
  });

  it('names a dependency cycle instead of looping', () => {
    const { graph } = fakeGraph({ a: ['b'], b: ['c'], c: ['a'] });
    expect(() => startOrder(graph, ['a'])).toThrow('a -> b -> c -> a');
  });
});

describe('createTargetRunner', () => {
  it('starts in dependency order and stops in reverse', async () => {
    const { graph, journal } = fakeGraph(PRODUCT);
    const runner = createTargetRunner(graph);
    await runner.start(['gateway']);
    await runner.stop();
    expect(journal).toEqual([
      'start database',
      'start infrastructure',
      'start auth',
      'start forum',
      'start gateway',
      'stop gateway',
      'stop forum',
      'stop auth',
      'stop infrastructure',
      'stop database',
    ]);
  });

  it('stops everything started so far, last first, when a target fails to start', async () => {
    const { graph, journal } = fakeGraph(PRODUCT, { failing: 'forum' });
    const runner = createTargetRunner(graph);
    const failure = await runner.start(['gateway']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TargetError);
    expect((failure as Error).message).toBe('Target "forum" failed to start: forum could not bind its port');
    expect(journal).toEqual([
      'start database',
      'start infrastructure',
      'start auth',
      'stop auth',
      'stop infrastructure',
      'stop database',
    ]);
  });

  it('goes on stopping the rest when one target fails to stop', async () => {
    const failures: string[] = [];
    const { graph, journal } = fakeGraph(PRODUCT, { failingStop: 'auth' });
    const runner = createTargetRunner(graph, { onStopFailed: (name) => failures.push(name) });
    await runner.start(['auth']);
    await expect(runner.stop()).rejects.toThrow('Targets failed to stop: auth');
    expect(journal).toEqual([
      'start database',
      'start infrastructure',
      'start auth',
      'stop auth',
      'stop infrastructure',
      'stop database',
    ]);
    expect(failures).toEqual(['auth']);
  });

  it('lets a stop during start-up finish the target starting, start no more, and stop what started', async () => {
    const journal: string[] = [];
    let releaseDatabase!: () => void;
    const graph: TargetGraph = {
      database: {
        start: () =>
          new Promise((resolve) => {
            releaseDatabase = () => {
              journal.push('start database');
              resolve({ stop: async () => void journal.push('stop database') });
            };
          }),
      },
      auth: { dependsOn: ['database'], start: async () => (journal.push('start auth'), { stop: async () => {} }) },
    };
    const runner = createTargetRunner(graph);
    const starting = runner.start(['auth']).catch((error: unknown) => error);
    const stopped = runner.stop();
    releaseDatabase();
    await stopped;
    expect(await starting).toBeInstanceOf(TargetError);
    expect(journal).toEqual(['start database', 'stop database']);
  });

  it('makes a second stop wait for the first to finish', async () => {
    const journal: string[] = [];
    let releaseStop!: () => void;
    const graph: TargetGraph = {
      database: {
        start: async () => ({
          stop: () => new Promise<void>((resolve) => (releaseStop = () => (journal.push('stop database'), resolve()))),
        }),
      },
    };
    const runner = createTargetRunner(graph);
    await runner.start(['database']);
    const first = runner.stop();
    let secondDone = false;
    const second = runner.stop().then(() => (secondDone = true));
    // Everything a stop that does not wait would do is done once pending callbacks have run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondDone).toBe(false);
    releaseStop();
    await Promise.all([first, second]);
    expect(journal).toEqual(['stop database']);
  });

  it('stops nothing twice', async () => {
    const { graph, journal } = fakeGraph(PRODUCT);
    const runner = createTargetRunner(graph);
    await runner.start(['database']);
    await runner.stop();
    await runner.stop();
    expect(journal).toEqual(['start database', 'stop database']);
  });
});
