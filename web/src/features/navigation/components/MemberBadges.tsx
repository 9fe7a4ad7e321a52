import { normalizeAccessLevel, type CurrentUser } from '@crucible/proto';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';

export function MemberBadges({ user }: { user: Pick<CurrentUser, 'accessLevel' | 'isAdmin'> }) {
  return (
    <Stack direction="row" spacing={1}>
      <Chip
        size="small"
        variant="outlined"
        label={
          <>
            <VisuallyHidden>Access level: </VisuallyHidden>
            {normalizeAccessLevel(user.accessLevel)}
          </>
        }
      />
      {/* The flag gets its own chip only when the level does not already say Admin. */}
      {user.isAdmin && normalizeAccessLevel(user.accessLevel) !== 'Admin' && (
        <Chip size="small" color="secondary" label="Admin" />
      )}
    </Stack>
  );
}
