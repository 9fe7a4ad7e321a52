import { LIMITS, displayName } from '@crucible/proto';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { useRecentDiscussions } from '../api/get-recent-discussions.ts';
import { truncate } from '../dashboard-rules.ts';
import { DashboardCard } from './DashboardCard.tsx';
import { markdownToPlainText } from '../../../lib/plain-text.ts';

export function RecentDiscussions() {
  const query = useRecentDiscussions();
  return (
    <DashboardCard
      title="Recent Discussions"
      query={query}
      action={
        <Button component={RouterLink} to="/forums" size="small" sx={{ alignSelf: 'flex-start' }}>
          View All Forums
        </Button>
      }
    >
      {query.data?.length === 0 && (
        <EmptyState
          compact
          icon={<ForumOutlinedIcon />}
          text="No discussions yet."
          action={
            <Button component={RouterLink} to="/forums" variant="outlined" size="small">
              Start a Discussion
            </Button>
          }
        />
      )}
      {query.data?.map((discussion) => (
        <Stack key={discussion.id} spacing={0.25} component="article">
          <Typography sx={{ fontWeight: 600 }}>{discussion.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {discussion.category}
            {discussion.author && (
              <>
                {' · '}
                <MemberLink userId={discussion.author.id}>{displayName(discussion.author)}</MemberLink>
              </>
            )}
            {' · '}
            {new Date(discussion.createdAt).toLocaleDateString()}
          </Typography>
          <Typography variant="body2">
            {truncate(markdownToPlainText(discussion.content), LIMITS.dashboard.discussionContent)}
          </Typography>
        </Stack>
      ))}
    </DashboardCard>
  );
}
