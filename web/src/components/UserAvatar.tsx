import Avatar from '@mui/material/Avatar';
import { useQuery } from '@tanstack/react-query';

/** The profile answer, as far as the avatar reads it. */
interface ProfilePicture {
  profileImageUrl: string | null;
}

const SIZES = { small: 28, medium: 36, large: 48 } as const;

/** The spec's rule: the uppercase first letter of the name ('?' when there is none). */
export function avatarInitial(name: string | null | undefined): string {
  const letter = name?.trim().charAt(0);
  return letter ? letter.toLocaleUpperCase() : '?';
}

/**
 * A member's avatar: their profile picture, else the uppercase first letter of their name. Given a
 * `src` it shows that; given only a `userId` it reads the member's profile (the same cache entry as
 * the profile page, kept by the users policy, so a page of posts by a few people asks a few times),
 * and keeps the initial when the profile is not open to the viewer. It sits beside the written
 * name, so it is hidden from assistive technology.
 */
export function UserAvatar({
  userId,
  name,
  src,
  size = 'medium',
}: {
  userId?: string | null;
  name: string | null | undefined;
  src?: string | null;
  size?: keyof typeof SIZES;
}) {
  const { data } = useQuery<ProfilePicture>({
    queryKey: ['/api/users', userId ?? '', 'profile'],
    enabled: src === undefined && Boolean(userId),
    retry: false,
  });
  const picture = src === undefined ? data?.profileImageUrl : src;
  const dimension = SIZES[size];
  return (
    <Avatar
      src={picture ?? undefined}
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
