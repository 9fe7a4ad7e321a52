import { resolveFeatureFlags, type FeatureFlags } from '@crucible/proto';
import { parseBuildEnvironment } from '../../lib/build-environment.ts';

/**
 * The flags of a build: defaults for its deployment (VITE_DEPLOYMENT, set by vite.config.ts),
 * then the FEATURE_* switches, e.g. FEATURE_FORUMS=false or FEATURE_NOTIFICATIONS=true.
 */
export function featureFlagsFromEnv(env: Record<string, string | boolean | undefined>): FeatureFlags {
  const switches = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]),
  );
  return resolveFeatureFlags(parseBuildEnvironment(switches.VITE_DEPLOYMENT, 'development'), switches);
}

export const featureFlags: FeatureFlags = featureFlagsFromEnv(import.meta.env);
