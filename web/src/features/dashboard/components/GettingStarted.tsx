import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { DashboardCard } from './DashboardCard.tsx';

export const GETTING_STARTED_TEXT =
  'Start with your profile, so members can get to know you. The level forums open from Apprentice up; until then, messages and the community chat are yours.';

/** What a new Public member does next: the dashboard's other cards assume a level they do not have yet. */
export function GettingStarted({ userId }: { userId: string }) {
  return (
    <DashboardCard title="Getting Started">
      <Typography>{GETTING_STARTED_TEXT}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" component={RouterLink} to={`/profile/${userId}/edit`}>
          Complete Your Profile
        </Button>
        <Button component={RouterLink} to="/messages">
          Send a Message
        </Button>
      </Stack>
    </DashboardCard>
  );
}
