/**
 * Integration-test harness for the project service: the real service on a real port, against the
 * real PostgreSQL (a database of its own), NATS JetStream (the shared server; a namespace of its
 * own) and a disk blob store of its own. Tokens are real EdDSA JWTs checked by the platform's
 * verifier, resolved to sessions the test sets, so the rules see exactly the principal a gateway would pass.
 */
import {
  startHarness,
  startServiceHarness,
  uniqueTag,
  type EventCollector,
  type ServiceHarness,
  type TestMember,
} from '@crucible/test-kit';
import { projectConfigSchema, type ProjectConfig } from '../config.ts';
import { createProjectService } from '../create-service.ts';

export { uniqueTag, type EventCollector };

export type Member = TestMember;

type ProjectService = Awaited<ReturnType<typeof createProjectService>>;

export type ProjectHarness = ServiceHarness<ProjectConfig, ProjectService>;

export function startProjectHarness(options: { env?: Record<string, string> } = {}): Promise<ProjectHarness> {
  return startHarness((cleanups) =>
    startServiceHarness(cleanups, {
      name: 'project',
      configSchema: projectConfigSchema,
      createService: createProjectService,
      dataDir: true,
      env: {
        DATABASE_POOL_SIZE: '30',
        PROJECT_USERS_CONSUMER: `project_it_users_${uniqueTag(6)}`,
        ...options.env,
      },
    }),
  );
}
