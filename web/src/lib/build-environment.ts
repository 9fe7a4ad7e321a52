import { BUILD_ENVIRONMENTS, type BuildEnvironment } from '@crucible/proto';

function isBuildEnvironment(value: string): value is BuildEnvironment {
  return (BUILD_ENVIRONMENTS as readonly string[]).includes(value);
}

/** An unset deployment takes the fallback; a misspelt one stops the build rather than silently shipping other flags. */
export function parseBuildEnvironment(value: string | undefined, fallback: BuildEnvironment): BuildEnvironment {
  if (value === undefined || value === '') return fallback;
  if (!isBuildEnvironment(value)) {
    throw new Error(`VITE_DEPLOYMENT must be one of ${BUILD_ENVIRONMENTS.join(', ')} (got "${value}")`);
  }
  return value;
}
