/**
 * Integration-test harness for the admin service: the real service on a real port, against the
 * real PostgreSQL (a database of its own) and NATS JetStream (the shared server; durable names and
 * a request-reply prefix of its own). Tokens are real EdDSA JWTs resolved to sessions the test sets.
 */
import type { AccessLevel } from '@crucible/proto';
import {
  addToUsersReplica,
  startHarness,
  startServiceHarness,
  startServiceProcess,
  uniqueTag,
  type ServiceHarness,
  type ServiceProcess,
} from '@crucible/test-kit';
import { adminConfigSchema, type AdminConfig } from '../config.ts';
import { createAdminService } from '../create-service.ts';

export interface Member {
  id: string;
  token: string;
  name: string;
}

export interface MemberOptions {
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
}

/**
 * The dm service beside it (same namespace, its own process): it answers the admin service's
 * questions and keeps real messages.
 */
export type DmSide = ServiceProcess;

type AdminService = Awaited<ReturnType<typeof createAdminService>>;

export interface AdminHarness extends Omit<ServiceHarness<AdminConfig, AdminService>, 'member'> {
  /** The namespace its events travel in: a dm harness started in it answers the admin service's questions. */
  readonly namespace: string;
  /** A member with a live token, known by name to the admin service (and to dm when it runs). */
  member(level?: AccessLevel, options?: MemberOptions): Promise<Member>;
  /** Present when started with `{ withDm: true }`. */
  readonly dm: DmSide | undefined;
}

export function startAdminHarness(options: { withDm?: boolean } = {}): Promise<AdminHarness> {
  return startHarness(async (cleanups) => {
    const harness = await startServiceHarness(cleanups, {
      name: 'admin',
      configSchema: adminConfigSchema,
      createService: createAdminService,
      env: {
        ADMIN_MESSAGES_CONSUMER: `admin_it_messages_${uniqueTag(6)}`,
        ADMIN_USERS_CONSUMER: `admin_it_users_${uniqueTag(6)}`,
        ADMIN_AUDIT_CONSUMER: `admin_it_audit_${uniqueTag(6)}`,
        DM_REQUEST_TIMEOUT_MS: '5000',
        // Nobody answers auth's questions here: a name the harness did not store is 'Unknown User' quickly.
        AUTH_REQUEST_TIMEOUT_MS: '200',
      },
    });

    // In the admin's namespace, trusting the admin's token issuer: it answers the admin service's questions.
    const dm = options.withDm
      ? await startServiceProcess(cleanups, {
          name: 'dm',
          beside: harness,
          env: { DATABASE_POOL_SIZE: '5', DM_USERS_CONSUMER: `admin_it_dm_users_${uniqueTag(6)}` },
        })
      : undefined;

    return {
      ...harness,
      dm,
      async member(level = 'Apprentice', memberOptions = {}) {
        // The admin service keeps names only; dm's replica keeps the whole user.
        const member = await harness.member(level, { ...memberOptions, inReplica: false });
        await harness.sql(`INSERT INTO users (id, email, first_name, last_name) VALUES ($1, $2, $3, $4)`, [
          member.id,
          member.email,
          member.firstName,
          member.lastName,
        ]);
        if (dm) await addToUsersReplica(dm.sql, member);
        return { id: member.id, token: member.token, name: `${member.firstName} ${member.lastName}` };
      },
    };
  });
}
