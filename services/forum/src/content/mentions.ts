/**
 * Mentions in posts: `@[Display Name](member-id)` (what a mention picker inserts) or `@email`
 * (what a member types by hand). Only members who may see the post are notified.
 */
const LINKED_MENTION = /@\[([^\]\n]{1,100})\]\(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;
const EMAIL_MENTION = /(?<![\w.%+-])@([\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})/gi;
/** A post naming more members than this notifies the first ones only (no mass pings). */
export const MAX_MENTIONS_PER_POST = 20;

export interface MentionTargets {
  userIds: string[];
  emails: string[];
}

export function mentionsIn(content: string): MentionTargets {
  const userIds = new Set<string>();
  const emails = new Set<string>();
  for (const match of content.matchAll(LINKED_MENTION)) userIds.add(match[2]!.toLowerCase());
  for (const match of content.matchAll(EMAIL_MENTION)) emails.add(match[1]!.toLowerCase());
  const ids = [...userIds].slice(0, MAX_MENTIONS_PER_POST);
  return { userIds: ids, emails: [...emails].slice(0, MAX_MENTIONS_PER_POST - ids.length) };
}

/** Markdown: a mention becomes a link to the member's profile. */
export function linkMentions(content: string): string {
  return content.replace(
    LINKED_MENTION,
    (_match, name: string, id: string) => `[@${name}](/profile/${id.toLowerCase()})`,
  );
}

/** Plain text: a mention shows as @Display Name. */
export function unlinkMentions(content: string): string {
  return content.replace(LINKED_MENTION, (_match, name: string) => `@${name}`);
}
