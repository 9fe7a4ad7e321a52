/**
 * Integration-test harness for the forum service: the real service on a real port, against the
 * real PostgreSQL (a database of its own), NATS JetStream (the shared server; durable names of its
 * own) and a real blob store (a disk folder behind signed URLs, or an S3-protocol server).
 *
 * Tokens are real EdDSA JWTs checked by the platform's verifier, signed with a key of the harness
 * and resolved to sessions the test sets: the forum's rules see exactly the principal a gateway
 * would pass, without running auth (whose own tests cover issuing them).
 */
import type { AccessLevel, CallInput, RouteContract } from '@crucible/proto';
import {
  startHarness,
  startServiceHarness,
  uniqueTag,
  waitForConsumerToCatchUp,
  type EventCollector,
  type ServiceHarness,
  type TestMember,
} from '@crucible/test-kit';

export { uniqueTag, type EventCollector };
// The platform's S3-protocol test server (not exported from @crucible/test-kit yet).
import { S3RVER_CREDENTIALS, startS3rver } from '../../../platform/src/blob/blob-test-servers.ts';
import { forumConfigSchema, type ForumConfig } from '../config.ts';
import { createForumService } from '../create-service.ts';

export type Member = TestMember;

/** The body a route takes, for a test's helper that fills in what a case leaves out. */
export type BodyOf<Route extends RouteContract> = CallInput<Route>['body'];

type ForumService = Awaited<ReturnType<typeof createForumService>>;

export interface ForumHarness extends ServiceHarness<ForumConfig, ForumService> {
  /** Changes a member's live level, as an admin's change reaches verifiers. */
  setLevel(member: Member, level: AccessLevel): void;
  /** Waits until the first-page cache's consumer has handled every forum event so far. */
  pagesConsumerCaughtUp(): Promise<void>;
}

export interface ForumHarnessOptions {
  blobStore?: 'disk' | 's3';
  /** Join another harness's NATS_NAMESPACE (e.g. an auth harness's, to receive its user events); it deletes the streams. */
  namespace?: string;
  env?: Record<string, string>;
  /** The platform cache: in memory (default), or the real Redis under the harness's namespace. */
  cache?: 'memory' | 'redis';
}

export function startForumHarness(options: ForumHarnessOptions = {}): Promise<ForumHarness> {
  return startHarness(async (cleanups) => {
    const blobEnv: Record<string, string> = {};
    if (options.blobStore === 's3') {
      const s3 = await startS3rver();
      cleanups.push(() => s3.stop());
      Object.assign(blobEnv, {
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: S3RVER_CREDENTIALS.accessKey,
        S3_SECRET_KEY: S3RVER_CREDENTIALS.secretKey,
        S3_BUCKET: `forum-${uniqueTag()}`,
      });
    }

    const harness = await startServiceHarness(cleanups, {
      name: 'forum',
      configSchema: forumConfigSchema,
      createService: createForumService,
      namespace: options.namespace,
      cache: options.cache,
      dataDir: true,
      env: {
        FORUM_USERS_CONSUMER: `forum_it_users_${uniqueTag(6)}`,
        FORUM_PAGES_CONSUMER: `forum_it_pages_${uniqueTag(6)}`,
        ...blobEnv,
        ...options.env,
      },
    });
    const { config, namespace, tokens } = harness;
    return {
      ...harness,
      setLevel(member, level) {
        tokens.setAccessLevel(member.id, level);
        member.level = level;
      },
      pagesConsumerCaughtUp: () => waitForConsumerToCatchUp(namespace, 'FORUM', config.FORUM_PAGES_CONSUMER),
    };
  });
}
