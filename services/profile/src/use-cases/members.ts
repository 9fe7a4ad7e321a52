import type { Caller } from '@crucible/platform';
import { RPC, type MemberDirectory, type MemberDirectoryQuery } from '@crucible/proto';
import { directory } from '../repositories/directory.ts';
import { DEFAULT_PRIVACY } from '../repositories/privacy.ts';
import { canSee } from './access.ts';
import type { ProfileContext } from './context.ts';

/** A slow dm hides 'Message' rather than hold the page. */
const MESSAGEABLE_TIMEOUT_MS = 1_000;

/**
 * The members dm would take the viewer's message to. dm owns blocks and its copy of the Direct
 * Messages switch and enforces both on send, so it is asked rather than guessed from profile's data;
 * any doubt (dm down, a refused question) shows no 'Message', as the send would fail anyway.
 */
export async function messageableBy(ctx: ProfileContext, caller: Caller, memberIds: string[]): Promise<Set<string>> {
  const recipientIds = memberIds.filter((id) => id !== caller.userId);
  if (recipientIds.length === 0) return new Set();
  try {
    const answer = await ctx.bus.request(
      RPC.dmMessageable,
      { senderId: caller.userId, recipientIds },
      { timeoutMs: MESSAGEABLE_TIMEOUT_MS },
    );
    return new Set(answer.ok ? answer.value.messageable : []);
  } catch (error) {
    ctx.logger.warn({ err: error }, "'Message' hidden: dm did not answer which members take messages");
    return new Set();
  }
}

/**
 * GET /api/members: every member is listed with the name, picture and tier they show wherever they
 * post; the job title and location only where the member's personal-info and contact tiers admit the
 * viewer, as on their profile.
 */
export async function listMembers(
  ctx: ProfileContext,
  caller: Caller,
  query: MemberDirectoryQuery,
): Promise<MemberDirectory> {
  const rows = await directory.page(ctx.prisma, caller, query);
  const messageable = await messageableBy(
    ctx,
    caller,
    rows.map((row) => row.id),
  );
  return {
    members: rows.map((row) => {
      const settings = {
        ...DEFAULT_PRIVACY,
        personalInfoVisible: row.personalInfoVisible,
        contactInfoVisible: row.contactInfoVisible,
      };
      return {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        profileImageUrl: row.profileImageUrl,
        accessLevel: row.accessLevel,
        isAdmin: row.isAdmin,
        jobTitle: canSee(caller, row.id, settings, 'personalInfo') ? row.jobTitle : null,
        currentLocation: canSee(caller, row.id, settings, 'contactInfo') ? row.currentLocation : null,
        canMessage: messageable.has(row.id),
      };
    }),
    total: rows[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
