/** How the forum writes people and times. */

export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined): string {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ').trim();
  return name || 'Unknown User';
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
