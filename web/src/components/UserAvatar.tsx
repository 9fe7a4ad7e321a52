import Avatar from '@mui/material/Avatar';

const SIZES = { small: 28, medium: 36, large: 48 } as const;

/** The uppercase first letter of the name ('?' when there is none). */
export function avatarInitial(name: string | null | undefined): string {
  const letter = name?.trim().charAt(0);
  return letter ? letter.toLocaleUpperCase() : '?';
}

/**
 * A member's avatar: their profile picture, else the uppercase first letter of their name. The
 * picture comes with the payload that shows the member (a forum author, a conversation's member,
 * a chat sender), so a page of posts asks for no profile. It sits beside the written name, so it
 * is hidden from assistive technology.
 */
export function UserAvatar({
  name,
  src,
  size = 'medium',
}: {
  name: string | null | undefined;
  src: string | null | undefined;
  size?: keyof typeof SIZES;
}) {
  const dimension = SIZES[size];
  return (
    <Avatar
      src={src ?? undefined}
      alt=""
      aria-hidden="true"
      slotProps={{ img: { loading: 'lazy', decoding: 'async' } }}
      sx={{
        width: dimension,
        height: dimension,
        fontSize: dimension * 0.45,
        fontWeight: 600,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        flexShrink: 0,
      }}
    >
      {avatarInitial(name)}
    </Avatar>
  );
}
