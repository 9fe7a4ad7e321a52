/** Feature flags: defaults per build, and environment switches. */
export const FEATURE_FLAGS = [
  'dashboard',
  'forums',
  'projects',
  'analytics',
  'userManagement',
  'messaging',
  'notifications',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;
export const BUILD_ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export type BuildEnvironment = (typeof BUILD_ENVIRONMENTS)[number];

export function defaultFeatureFlags(environment: BuildEnvironment): FeatureFlags {
  const flags: FeatureFlags = {
    dashboard: true,
    forums: true,
    projects: true,
    analytics: true,
    userManagement: true,
    messaging: true,
    notifications: false,
  };
  if (environment === 'production') return { ...flags, messaging: false, notifications: false };
  if (environment === 'staging') return { ...flags, messaging: true, notifications: true };
  return flags;
}

/** The environment variable that switches a flag, e.g. FEATURE_USER_MANAGEMENT. */
export function featureFlagVariable(flag: FeatureFlag): string {
  return `FEATURE_${flag.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/**
 * Any feature can be turned off with 'false'; notifications can also be turned on with 'true'
 * (no other feature can be switched on).
 */
export function resolveFeatureFlags(
  environment: BuildEnvironment,
  switches: Record<string, string | undefined>,
): FeatureFlags {
  const flags = defaultFeatureFlags(environment);
  for (const flag of FEATURE_FLAGS) {
    const value = switches[featureFlagVariable(flag)];
    if (value === 'false') flags[flag] = false;
    else if (value === 'true' && flag === 'notifications') flags[flag] = true;
  }
  return flags;
}
