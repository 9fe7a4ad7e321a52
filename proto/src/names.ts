/** The parts of a person a display name is made from; every part may be missing. */
export interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export interface DisplayNameOptions {
  /**
   * Fall back to the e-mail address when no name is set. Off by default: a name that travels to
   * other members (mentions, notifications) must not carry an address they may not see (contact
   * information privacy), so only callers whose reader may see the address turn it on.
   */
  withEmail?: boolean;
  /** What names a person with neither a name nor (where allowed) an e-mail, and a missing person. */
  unknown?: string;
}

export const UNKNOWN_USER_NAME = 'Unknown User';

/** First plus last name, blank parts left out; '' when neither is set. */
export function fullName(person: NamedPerson | null | undefined): string {
  return [person?.firstName, person?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * How a person is named: first plus last name, else the e-mail when `withEmail` is set, else
 * `unknown` ('Unknown User' by default).
 */
export function displayName(person: NamedPerson | null | undefined, options: DisplayNameOptions = {}): string {
  const { withEmail = false, unknown = UNKNOWN_USER_NAME } = options;
  return fullName(person) || (withEmail ? person?.email : '') || unknown;
}
