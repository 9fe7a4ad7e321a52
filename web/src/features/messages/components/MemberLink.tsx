import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

/** A member's name, linking to their profile, isolated (`<bdi>`) so it cannot reorder the line around it. */
export function MemberLink({ id, name }: { id: string; name: string }) {
  return (
    <Link
      component={RouterLink}
      to={`/profile/${encodeURIComponent(id)}`}
      underline="hover"
      sx={{ overflowWrap: 'anywhere' }}
    >
      <bdi>{name}</bdi>
    </Link>
  );
}
