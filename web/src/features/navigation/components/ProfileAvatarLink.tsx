import type { CurrentUser } from '@crucible/proto';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router-dom';

type AvatarUser = Pick<CurrentUser, 'id' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl'>;

function initialOf(user: AvatarUser): string {
  return (user.firstName || user.email).charAt(0).toUpperCase();
}

export function ProfileAvatarLink({ user }: { user: AvatarUser }) {
  return (
    <Tooltip title="Your profile">
      <IconButton component={RouterLink} to={`/profile/${user.id}`} aria-label="Your profile" sx={{ p: 0.5 }}>
        <Avatar
          src={user.profileImageUrl ?? undefined}
          alt=""
          sx={{ width: 34, height: 34, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initialOf(user)}
        </Avatar>
      </IconButton>
    </Tooltip>
  );
}
