import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The path of a member's profile page. */
export const profilePath = (userId: string) => `/profile/${userId}`;

/**
 * A member's name (or avatar) leading to their profile; without a known member (a deleted or
 * unknown author) it is the plain text. Either way it is isolated (`<bdi>`): a name written right to
 * left, or one with direction marks, cannot reorder the line around it.
 */
export function MemberLink({
  userId,
  children,
  label,
}: {
  userId: string | null | undefined;
  children: ReactNode;
  /** The link's name where its content is not text (an avatar). */
  label?: string;
}) {
  if (!userId) return <bdi>{children}</bdi>;
  return (
    <Link
      component={RouterLink}
      to={profilePath(userId)}
      aria-label={label}
      color="inherit"
      underline="hover"
      sx={{ fontWeight: 'inherit', display: 'inline-flex', alignItems: 'center' }}
    >
      <bdi>{children}</bdi>
    </Link>
  );
}
