import { performance } from 'node:perf_hooks';
import { ConfigError, createLogger, loadConfig, onShutdown, type ComponentReport } from '@crucible/platform';
import { launcherConfigSchema } from './config.ts';
import { sharingRefusal } from './dev-stand-ins.ts';
import { launcherTargets, publicUrlOf, requestedTargets } from './launcher-targets.ts';
import { createTargetRunner } from './targets.ts';

const startedAt = performance.now();
const config = loadConfig(launcherConfigSchema);
const logger = createLogger({ service: 'launcher', level: config.LOG_LEVEL });

function printComponent({ component, kind, location }: ComponentReport): void {
  console.log(`  ${component.padEnd(10)} ${kind.padEnd(26)} ${location}`);
}

const requested = requestedTargets(config.TARGETS);
const refusal = requested.includes('gateway')
  ? sharingRefusal(config.HOST, process.env, requested.includes('auth'))
  : undefined;
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const runner = createTargetRunner(
  launcherTargets({ config, env: process.env, logger, report: printComponent }, requested),
  {
    onStopFailed: (name, error) => logger.error({ err: error }, `${name} failed to stop`),
  },
);
// Registered before start-up, so Ctrl-C half-way still stops what has started (an embedded PostgreSQL too).
onShutdown(() => runner.stop());

try {
  await runner.start(requested);
} catch (error) {
  // What had started is stopped by now. A bad setting or a busy port says all in its message; anything
  // else gets its stack too.
  console.error(`Crucible did not start. ${(error as Error).message}`);
  const cause = (error as Error).cause;
  if (cause instanceof Error && !(cause instanceof ConfigError) && !('code' in cause)) console.error(cause.stack);
  // A Ctrl-C during start-up ends here too, while its handler is still stopping things: wait for that.
  await runner.stop().catch(() => {});
  process.exit(1);
}

console.log(`Crucible is ready at ${publicUrlOf(config)} (started in ${Math.round(performance.now() - startedAt)} ms)`);
