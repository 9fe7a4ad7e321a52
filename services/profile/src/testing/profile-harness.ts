/**
 * Integration-test harness for the profile service: the real service on a real port, against the
 * real PostgreSQL (a database of its own), NATS JetStream (a namespace of its own) and a disk blob
 * store in a temporary folder. Tokens are real EdDSA JWTs resolved to sessions the test sets.
 */
import type { AccessLevel } from '@crucible/proto';
import { startHarness, startServiceHarness, uniqueTag, type ServiceHarness, type TestMember } from '@crucible/test-kit';
import { profileConfigSchema, type ProfileConfig } from '../config.ts';
import { createProfileService } from '../create-service.ts';
import type { ProfileContext } from '../use-cases/context.ts';

export type Member = TestMember;

type ProfileService = Awaited<ReturnType<typeof createProfileService>>;

export interface ProfileHarness extends Omit<ServiceHarness<ProfileConfig, ProfileService>, 'member'> {
  readonly context: ProfileContext;
  /** A signed-in member that auth has announced (the replica holds them), named "Test <level>" unless `names` say. */
  member(level?: AccessLevel, names?: { firstName?: string; lastName?: string }): Promise<Member>;
}

export function startProfileHarness(): Promise<ProfileHarness> {
  return startHarness(async (cleanups) => {
    const harness = await startServiceHarness(cleanups, {
      name: 'profile',
      configSchema: profileConfigSchema,
      createService: createProfileService,
      dataDir: true,
      env: {
        PROFILE_USERS_CONSUMER: `profile_it_users_${uniqueTag(6)}`,
        PROFILE_FORUM_CONSUMER: `profile_it_forum_${uniqueTag(6)}`,
      },
    });
    return {
      ...harness,
      context: harness.service.context,
      member: (level = 'Apprentice', names = {}) =>
        harness.member(level, { firstName: names.firstName ?? 'Test', lastName: names.lastName ?? level }),
    };
  });
}
