import { displayName } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MessageMemberButton } from '../../../components/MessageMemberButton.tsx';
import { CardSkeleton } from '../../../components/Skeletons.tsx';
import { isNotFoundError } from '../../../lib/api-error.ts';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { recordProfileView } from '../api/record-profile-view.ts';
import { recordTimeSpent } from '../api/record-time-spent.ts';
import { isPrivateError } from '../profile-rules.ts';
import { useEducation } from '../api/get-education.ts';
import { useProfile } from '../api/get-profile.ts';
import { useWorkplaces } from '../api/get-workplaces.ts';
import { ActivityCard } from '../components/ActivityCard.tsx';
import { LeadershipTracker } from '../components/LeadershipTracker.tsx';
import { MemberOverviewCard, PersonalStoryCard, PositionEducationCard } from '../components/OverviewCards.tsx';
import { RecentNotificationsCard, WatchedForumsCard } from '../components/OwnerPanels.tsx';
import { ProfileCompletenessCard } from '../components/ProfileCompletenessCard.tsx';
import { SkillsCard } from '../components/SkillsCard.tsx';

export function ProfileProblem({ kind, onRetry }: { kind: 'not-found' | 'error'; onRetry?: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Alert severity={kind === 'error' ? 'error' : 'warning'}>
        <AlertTitle>{kind === 'error' ? 'Error Loading Profile' : 'Profile Not Found'}</AlertTitle>
        {kind === 'error'
          ? 'Something went wrong while loading this profile.'
          : 'This profile does not exist, or you may not have permission to view it.'}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        {onRetry && (
          <Button variant="contained" onClick={onRetry}>
            Try Again
          </Button>
        )}
        <Button component={RouterLink} to="/">
          Return Home
        </Button>
      </Stack>
    </Container>
  );
}

/** A visit by someone else counts, with the time spent sent when they leave. */
function useRecordedView(userId: string, record: boolean) {
  useEffect(() => {
    if (!record) return;
    const openedAt = Date.now();
    const viewId = recordProfileView(userId).catch(() => null);
    return () => {
      const timeSpent = Math.round((Date.now() - openedAt) / 1000);
      void viewId.then((id) => (id ? recordTimeSpent(userId, id, timeSpent) : undefined)).catch(() => undefined);
    };
  }, [userId, record]);
}

export default function ProfilePage() {
  const { userId = '' } = useParams();
  const viewer = useCurrentMember();
  const profile = useProfile(userId);
  const workplaces = useWorkplaces(userId, profile.isSuccess);
  const education = useEducation(userId, profile.isSuccess);
  const isOwner = viewer?.id === userId;
  useDocumentTitle(profile.data ? displayName(profile.data, { withEmail: true }) : 'Profile');
  useRecordedView(userId, viewer !== undefined && viewer !== null && !isOwner);

  if (profile.isPending)
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <CardSkeleton label="Loading profile" cards={3} />
      </Container>
    );
  if (isNotFoundError(profile.error) || isPrivateError(profile.error)) return <ProfileProblem kind="not-found" />;
  if (profile.isError) return <ProfileProblem kind="error" onRetry={() => window.location.reload()} />;

  // Edit, add and delete controls only on one's own profile (admins correct a
  // member's profile from the admin console).
  const canEdit = isOwner;
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1">
          {displayName(profile.data, { withEmail: true })}
        </Typography>
        <Stack direction="row" spacing={1}>
          {profile.data.canMessage && (
            <MessageMemberButton userId={userId} name={displayName(profile.data, { withEmail: true })} />
          )}
          {isOwner && (
            <Button variant="outlined" component={RouterLink} to="/settings/security">
              Security
            </Button>
          )}
          {canEdit && (
            <Button variant="contained" component={RouterLink} to={`/profile/${userId}/edit`}>
              Edit Profile
            </Button>
          )}
        </Stack>
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <MemberOverviewCard profile={profile.data} />
            <PositionEducationCard
              workplaces={workplaces}
              education={education}
              editableBy={canEdit ? userId : undefined}
            />
            <PersonalStoryCard profile={profile.data} editableBy={canEdit ? userId : undefined} />
            <LeadershipTracker userId={userId} isOwner={canEdit} />
            <SkillsCard userId={userId} isOwner={canEdit} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            {isOwner && workplaces.data && education.data && (
              <ProfileCompletenessCard profile={profile.data} workplaces={workplaces.data} education={education.data} />
            )}
            {isOwner && <RecentNotificationsCard />}
            {isOwner && <WatchedForumsCard userId={userId} />}
            <ActivityCard userId={userId} isOwner={isOwner} />
          </Stack>
        </Grid>
      </Grid>
    </Container>
  );
}
