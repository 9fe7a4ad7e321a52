import type { DmAdminActor, DmRpcAnswer } from '@crucible/proto';
import { HttpError, ServiceUnavailableError, type Caller } from '@crucible/platform';
import type { AdminContext } from './context.ts';

/** The services the console asks to act for an admin, each with its own wait and its own 'unavailable' text. */
const OWNERS = {
  auth: { timeout: 'AUTH_REQUEST_TIMEOUT_MS', unavailable: 'Accounts are unavailable right now; please try again' },
  dm: { timeout: 'DM_REQUEST_TIMEOUT_MS', unavailable: 'Messages are unavailable right now; please try again' },
  forum: { timeout: 'FORUM_REQUEST_TIMEOUT_MS', unavailable: 'The forums are unavailable right now; please try again' },
} as const;
export type Owner = keyof typeof OWNERS;

/** What the owner copies into the audit log: the admin's IP, user agent and session. */
export function ownerActorOf(actor: Caller): DmAdminActor {
  return { ipAddress: actor.meta.ipAddress, userAgent: actor.meta.userAgent, sessionId: actor.sessionId };
}

/**
 * Asks the service that owns the data (it checks the admin rule again) over request-reply, with
 * that owner's wait: `ask` sends one of its owner questions (proto's RPC_SCHEMAS, so the answer
 * arrives parsed). Answers the owner's refusal as it gave it; no answer in time is a 503.
 */
export async function askOwner<Value>(
  ctx: AdminContext,
  owner: Owner,
  ask: (options: { timeoutMs: number }) => Promise<DmRpcAnswer<Value>>,
): Promise<Value> {
  let answer: DmRpcAnswer<Value>;
  try {
    answer = await ask({ timeoutMs: ctx.config[OWNERS[owner].timeout] });
  } catch (error) {
    ctx.logger.warn({ err: error }, `${owner} did not answer an admin request`);
    throw new ServiceUnavailableError(OWNERS[owner].unavailable);
  }
  if (!answer.ok) throw new HttpError(answer.statusCode, answer.message);
  return answer.value;
}
