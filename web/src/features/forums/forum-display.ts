/** How the forum writes people and times. */
import { FORMER_MEMBER_NAME, displayName } from '@crucible/proto';

/**
 * A post with no author is one whose author deleted their account (forum fills a member whose
 * sign-up event is late from auth before answering): their posts stay, as 'Former member'.
 */
export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined): string {
  return person ? displayName(person) : FORMER_MEMBER_NAME;
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** '1 discussion', '3 discussions': a forum card's count. */
export function discussionCountText(count: number): string {
  return `${count} ${count === 1 ? 'discussion' : 'discussions'}`;
}
