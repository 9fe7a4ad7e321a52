import {
  BROADCASTS,
  emailSeenBy,
  type BroadcastOf,
  type AccessLevel,
  type ChatSender,
  type ContactViewer,
  type OnlineUser,
  type ServerSocketMessage,
} from '@crucible/proto';

/** What contact privacy needs of a member a frame names: the address and the tier that decides who reads it. */
export interface MemberContact {
  id: string;
  email: string | null;
  contactInfoVisible: AccessLevel | null;
}

/** An online member as presence keeps them: the list entry with the address of every viewer's eyes. */
export type ListedMember = OnlineUser & MemberContact;

/** The list entry as `viewer` may read it: the e-mail only where proto's `emailSeenBy` allows. */
export function asSeenBy(viewer: ContactViewer, member: ListedMember): OnlineUser {
  return {
    id: member.id,
    email: emailSeenBy(viewer, member),
    firstName: member.firstName,
    accessLevel: member.accessLevel,
    profileImageUrl: member.profileImageUrl,
  };
}

/**
 * Which e-mails a viewer may read among `members` depends on their level alone, except for admins
 * (all of them) and a listed member whose own tier hides their address from their level (they still
 * see their own): viewers with the same key read the same frame.
 */
function audienceOf(viewer: ContactViewer, members: ReadonlyMap<string, MemberContact>): string {
  if (viewer.isAdmin || viewer.accessLevel === 'Admin') return 'Admin';
  const self = members.get(viewer.userId.toLowerCase());
  if (self?.email && emailSeenBy({ ...viewer, userId: '' }, self) === null) return `self:${viewer.userId}`;
  return viewer.accessLevel;
}

/** A frame that names `members`, encoded once per audience instead of once per socket. */
export function framesByAudience(
  members: readonly ListedMember[],
  build: (users: OnlineUser[]) => ServerSocketMessage,
): (viewer: ContactViewer) => Buffer {
  const byId = new Map(members.map((member) => [member.id.toLowerCase(), member]));
  const frames = new Map<string, Buffer>();
  return (viewer) => {
    const audience = audienceOf(viewer, byId);
    let frame = frames.get(audience);
    if (!frame) {
      frame = Buffer.from(JSON.stringify(build(members.map((member) => asSeenBy(viewer, member)))));
      frames.set(audience, frame);
    }
    return frame;
  };
}

/**
 * A chat message on its way to every socket. `sender.name` is empty when the sender has no name:
 * each viewer then reads the sender's e-mail if they may, else 'Anonymous'.
 */
export type ChatPush = BroadcastOf<typeof BROADCASTS.liveChat>;

export function chatFramesFor(push: ChatPush): (viewer: ContactViewer) => Buffer {
  const named = push.message.sender.name !== '';
  const withSender = (sender: ChatSender) => Buffer.from(JSON.stringify({ ...push.message, sender }));
  const common = withSender({ ...push.message.sender, name: push.message.sender.name || 'Anonymous' });
  if (named) return () => common;
  let byEmail: Buffer | undefined;
  return (viewer) => {
    const email = emailSeenBy(viewer, push.senderContact);
    if (!email) return common;
    return (byEmail ??= withSender({ ...push.message.sender, name: email }));
  };
}
