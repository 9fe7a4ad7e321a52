/**
 * Integration-test harness for the dm service: the real service on a real port, against the real
 * PostgreSQL (a database of its own) and NATS JetStream (the shared server; durable names and a
 * request-reply prefix of its own, so parallel runs never answer each other's questions).
 *
 * Tokens are real EdDSA JWTs checked by the platform's verifier, signed with a key of the harness
 * and resolved to sessions the test sets: dm's rules see exactly the principal a gateway would pass.
 */
import type { AccessLevel } from '@crucible/proto';
import {
  startHarness,
  startServiceHarness,
  uniqueTag,
  type EventCollector,
  type ServiceHarness,
  type TestMember,
  type TestMemberOptions,
} from '@crucible/test-kit';
import { dmConfigSchema, type DmConfig } from '../config.ts';
import { createDmService } from '../create-service.ts';

export { uniqueTag, type EventCollector };

export type Member = TestMember;

type DmService = Awaited<ReturnType<typeof createDmService>>;

export interface DmHarness extends Omit<ServiceHarness<DmConfig, DmService>, 'member'> {
  /** A member known to dm's replica of auth's users (an Apprentice unless `level` says), with a live token. */
  member(options?: { level?: AccessLevel } & TestMemberOptions): Promise<Member>;
}

export interface DmHarnessOptions {
  /** Join another harness's NATS_NAMESPACE (e.g. an admin harness's, to answer its questions); it deletes the streams. */
  namespace?: string;
  env?: Record<string, string>;
}

export function startDmHarness(options: DmHarnessOptions = {}): Promise<DmHarness> {
  return startHarness(async (cleanups) => {
    const harness = await startServiceHarness(cleanups, {
      name: 'dm',
      configSchema: dmConfigSchema,
      createService: createDmService,
      namespace: options.namespace,
      env: {
        DATABASE_POOL_SIZE: '30',
        DM_USERS_CONSUMER: `dm_it_users_${uniqueTag(6)}`,
        DM_PROFILE_CONSUMER: `dm_it_profile_${uniqueTag(6)}`,
        // Tests that are not about the send rate send in bursts (quota races).
        DM_SENDS_PER_MINUTE: '100000',
        ...options.env,
      },
    });
    return {
      ...harness,
      member: ({ level = 'Apprentice', ...memberOptions } = {}) => harness.member(level, memberOptions),
    };
  });
}
