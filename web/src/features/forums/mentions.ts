import { LIMITS, displayName } from '@crucible/proto';

/**
 * Mentions as the forum service reads them (services/forum/src/content/mentions.ts):
 * `@[Display Name](member-id)`, rendered as a link to the member's profile.
 */
export interface MentionQuery {
  /** Where the '@' is. */
  start: number;
  /** What follows it up to the caret. */
  text: string;
}

/** The '@word' being typed at the caret, once it has the member search's 2 characters. */
export function mentionQueryAt(content: string, caret: number): MentionQuery | null {
  const before = content.slice(0, caret);
  const match = /(?:^|[\s(])@([^\s@[\]()]*)$/.exec(before);
  if (!match) return null;
  const text = match[1]!;
  if (text.length < LIMITS.userSearch.minChars) return null;
  return { start: caret - text.length - 1, text };
}

/** The display name a mention carries, without the brackets the format uses. */
export function mentionName(name: string): string {
  return (
    name
      .replace(/[[\]\n]/g, ' ')
      .trim()
      .slice(0, 100) || 'member'
  );
}

/** Replaces the '@word' with the mention and a space; the caret lands after them. */
export function insertMention(
  content: string,
  query: MentionQuery,
  caret: number,
  member: { id: string; name: string },
): { text: string; caret: number } {
  const mention = `@[${mentionName(member.name)}](${member.id}) `;
  const text = content.slice(0, query.start) + mention + content.slice(caret);
  return { text, caret: query.start + mention.length };
}

/** How a member shows in the picker and in the mention: their name, else their email. */
export function memberName(member: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): string {
  return displayName(member, { withEmail: true, unknown: 'Unknown member' });
}
