import { isCoreOrAdmin, normalizeAccessLevel } from '@crucible/proto';
import { Suspense, type ReactNode } from 'react';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CommunityStats } from '../components/CommunityStats.tsx';
import { LearningProgress, LeadershipEquation, MasteryStats } from '../components/FixedPanels.tsx';
import { GettingStarted } from '../components/GettingStarted.tsx';
import { LaunchCountdown } from '../components/LaunchCountdown.tsx';
import { RecentDiscussions } from '../components/RecentDiscussions.tsx';
import { RecentMessages } from '../components/RecentMessages.tsx';
import { WhosOnline } from '../components/WhosOnline.tsx';

/** `projectTasksCard` is the projects feature's My Project Tasks card, handed in by the app (Core and admins only). */
export default function DashboardPage({ projectTasksCard }: { projectTasksCard: (userId: string) => ReactNode }) {
  useDocumentTitle('Dashboard');
  const member = useCurrentMember();
  if (!member) return null;
  // The Core cards are Core's; project data is requested for Core or admins.
  const isCore = isCoreOrAdmin(member);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Welcome back, {member.firstName || member.email}
      </Typography>
      <Grid container spacing={2}>
        {normalizeAccessLevel(member.accessLevel) === 'Public' && !member.isAdmin && (
          <Grid size={{ xs: 12 }}>
            <GettingStarted userId={member.id} />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <LeadershipEquation />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <MasteryStats />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <LaunchCountdown />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WhosOnline />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <CommunityStats isCore={isCore} />
        </Grid>
        {isCore && (
          <Grid size={{ xs: 12, md: 8 }}>
            <Suspense fallback={null}>{projectTasksCard(member.id)}</Suspense>
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <RecentDiscussions />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RecentMessages isCore={isCore} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <LearningProgress />
        </Grid>
      </Grid>
    </Container>
  );
}
