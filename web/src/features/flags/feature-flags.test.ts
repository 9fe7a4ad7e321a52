import { describe, expect, it } from 'vitest';
import { featureFlagsFromEnv } from './feature-flags.ts';

describe('featureFlagsFromEnv', () => {
  it('turns everything but notifications on in development', () => {
    expect(featureFlagsFromEnv({ VITE_DEPLOYMENT: 'development' })).toEqual({
      dashboard: true,
      forums: true,
      projects: true,
      analytics: true,
      userManagement: true,
      messaging: true,
      notifications: false,
    });
  });

  it('turns messaging and notifications off in production', () => {
    expect(featureFlagsFromEnv({ VITE_DEPLOYMENT: 'production' })).toMatchObject({
      messaging: false,
      notifications: false,
      forums: true,
    });
  });

  it('turns messaging and notifications on in staging', () => {
    expect(featureFlagsFromEnv({ VITE_DEPLOYMENT: 'staging' })).toMatchObject({ messaging: true, notifications: true });
  });

  it("lets a FEATURE_ switch set to 'false' turn a feature off", () => {
    const flags = featureFlagsFromEnv({
      VITE_DEPLOYMENT: 'development',
      FEATURE_FORUMS: 'false',
      FEATURE_USER_MANAGEMENT: 'false',
    });
    expect(flags).toMatchObject({ forums: false, userManagement: false, dashboard: true });
  });

  it("lets only notifications be switched on with 'true'", () => {
    const flags = featureFlagsFromEnv({
      VITE_DEPLOYMENT: 'production',
      FEATURE_NOTIFICATIONS: 'true',
      FEATURE_MESSAGING: 'true',
    });
    expect(flags).toMatchObject({ notifications: true, messaging: false });
  });

  it('ignores values that are neither true nor false', () => {
    expect(featureFlagsFromEnv({ VITE_DEPLOYMENT: 'development', FEATURE_FORUMS: '0' }).forums).toBe(true);
  });

  it('refuses an unknown deployment name', () => {
    expect(() => featureFlagsFromEnv({ VITE_DEPLOYMENT: 'prod' })).toThrow(
      /VITE_DEPLOYMENT must be one of development, staging, production/,
    );
  });
});
