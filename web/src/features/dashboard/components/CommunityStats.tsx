import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useProjects } from '../api/get-projects.ts';
import { useUserCount } from '../api/get-user-count.ts';
import { DashboardCard, type CardQueryState } from './DashboardCard.tsx';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Stack>
  );
}

/** The Core Projects stat is Core's alone, and only then are projects requested. */
export function CommunityStats({ isCore }: { isCore: boolean }) {
  const users = useUserCount();
  const projects = useProjects({ enabled: isCore });
  const queries: CardQueryState[] = isCore ? [users, projects] : [users];
  const state: CardQueryState = {
    isPending: queries.some((query) => query.isPending),
    isError: queries.some((query) => query.isError),
    refetch: () => Promise.all(queries.map((query) => query.refetch())),
  };
  return (
    <DashboardCard title="Community Stats" query={state}>
      <Stat label="Members" value={users.data?.count ?? 0} />
      {isCore && <Stat label="Core Projects" value={projects.data?.length ?? 0} />}
    </DashboardCard>
  );
}
