/**
 * The launcher's module manager, in the manner of Loki's: each target names the targets it needs,
 * asking for one starts its dependencies first, and a start-up that fails half-way leaves nothing
 * running (an embedded PostgreSQL included).
 */

export interface StartedTarget {
  stop(): Promise<void>;
}

export interface TargetDefinition {
  dependsOn?: readonly string[];
  /** Cleans up after itself when it fails: only targets that started are stopped by the runner. */
  start(): Promise<StartedTarget>;
}

export type TargetGraph = Record<string, TargetDefinition>;

export class TargetError extends Error {
  override name = 'TargetError';
}

/** The requested targets and everything they need, each after what it depends on. */
export function startOrder(graph: TargetGraph, requested: readonly string[]): string[] {
  const order: string[] = [];
  const visiting: string[] = [];
  const visit = (name: string, neededBy?: string) => {
    if (order.includes(name)) return;
    const definition = graph[name];
    if (!definition) {
      const by = neededBy ? ` (needed by ${neededBy})` : '';
      throw new TargetError(`Unknown target "${name}"${by}; known targets: ${Object.keys(graph).join(', ')}`);
    }
    if (visiting.includes(name))
      throw new TargetError(
        `Targets depend on each other in a cycle: ${[...visiting.slice(visiting.indexOf(name)), name].join(' -> ')}`,
      );
    visiting.push(name);
    for (const dependency of definition.dependsOn ?? []) visit(dependency, name);
    visiting.pop();
    order.push(name);
  };
  for (const name of requested) visit(name);
  return order;
}

export interface TargetRunner {
  /** Starts in dependency order; when one fails, those started stop in reverse order and its error is thrown. */
  start(requested: readonly string[]): Promise<string[]>;
  /** Stops what has started, last first; a start in progress finishes first and nothing more starts. Every call waits for the same stop. */
  stop(): Promise<void>;
}

export function createTargetRunner(
  graph: TargetGraph,
  options: { onStopFailed?: (name: string, error: unknown) => void } = {},
): TargetRunner {
  const started: { name: string; target: StartedTarget }[] = [];
  let stopping = false;
  let starting: Promise<unknown> = Promise.resolve();
  let stopped: Promise<void> | undefined;

  async function stopStarted(): Promise<void> {
    const failed: string[] = [];
    for (const { name, target } of started.splice(0).reverse()) {
      try {
        await target.stop();
      } catch (error) {
        failed.push(name);
        options.onStopFailed?.(name, error);
      }
    }
    if (failed.length) throw new TargetError(`Targets failed to stop: ${failed.join(', ')}`);
  }

  async function startAll(requested: readonly string[]): Promise<string[]> {
    const order = startOrder(graph, requested);
    for (const name of order) {
      if (stopping) throw new TargetError(`Start-up stopped before "${name}" started`);
      try {
        started.push({ name, target: await graph[name]!.start() });
      } catch (error) {
        const failure = new TargetError(
          `Target "${name}" failed to start: ${(error as Error).message ?? String(error)}`,
          { cause: error },
        );
        await stopStarted().catch(() => {});
        throw failure;
      }
    }
    return order;
  }

  return {
    start(requested) {
      const run = startAll(requested);
      starting = run.catch(() => {});
      return run;
    },
    stop() {
      // One stop for every caller: a signal handler and a failed start may both ask, and both must
      // wait until everything has stopped.
      stopped ??= (async () => {
        stopping = true;
        await starting;
        await stopStarted();
      })();
      return stopped;
    },
  };
}
