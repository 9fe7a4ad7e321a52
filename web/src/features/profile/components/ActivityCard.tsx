import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAnalytics } from '../api/get-analytics.ts';
import { useStats } from '../api/get-stats.ts';
import type { ProfileAnalytics } from '@crucible/proto';
import { engagementLevel, isPrivateError } from '../profile-rules.ts';
import { PrivateNotice, WidgetCard, WidgetError } from './WidgetCard.tsx';
import { TextSkeleton } from '../../../components/Skeletons.tsx';

const CHART_HEIGHT = 48;

/** The owner's views per day over the last 30 days as small bars. */
function ViewsChart({ days }: { days: NonNullable<ProfileAnalytics['viewsPerDay']> }) {
  const highest = Math.max(1, ...days.map((day) => day.views));
  const width = days.length * 6;
  return (
    <svg
      role="img"
      aria-label={`Profile views per day, last ${days.length} days`}
      viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
      width="100%"
      height={CHART_HEIGHT}
      preserveAspectRatio="none"
    >
      {days.map((day, index) => {
        const height = (day.views / highest) * CHART_HEIGHT;
        return (
          <rect key={day.date} x={index * 6} y={CHART_HEIGHT - height} width={4} height={height} fill="currentColor">
            <title>
              {day.date}: {day.views}
            </title>
          </rect>
        );
      })}
    </svg>
  );
}

function Analytics({ userId }: { userId: string }) {
  const analytics = useAnalytics(userId, true);
  if (analytics.isPending) return <TextSkeleton label="Loading analytics" />;
  if (analytics.isError)
    return <WidgetError text="Could not load analytics" onRetry={() => void analytics.refetch()} />;
  const { totalViews, uniqueViewers, avgTimeSpent } = analytics.data.stats;
  return (
    <Box sx={{ mt: 2, color: 'primary.main' }}>
      <Typography variant="subtitle2" color="text.primary">
        Profile views (last 30 days)
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {totalViews} views · {uniqueViewers} unique viewers · {Math.round(avgTimeSpent)}s average time spent
      </Typography>
      {analytics.data.viewsPerDay && analytics.data.viewsPerDay.length > 0 && (
        <ViewsChart days={analytics.data.viewsPerDay} />
      )}
    </Box>
  );
}

export function ActivityCard({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const stats = useStats(userId);
  let body;
  if (stats.isPending) body = <TextSkeleton label="Loading activity" lines={5} />;
  else if (isPrivateError(stats.error)) body = <PrivateNotice text="Activity is private" />;
  else if (stats.isError) body = <WidgetError text="Could not load activity" onRetry={() => void stats.refetch()} />;
  else {
    const engagement = engagementLevel(stats.data.totalPoints);
    body = (
      <Stack spacing={1}>
        <Typography variant="body2">Discussions created: {stats.data.discussionsCreated}</Typography>
        <Typography variant="body2">Replies posted: {stats.data.repliesPosted}</Typography>
        <Typography variant="body2">Upvotes received: {stats.data.upvotesReceived}</Typography>
        <Typography variant="body2">
          Points: {stats.data.totalPoints} · Rank: {stats.data.rank || 'Novice'}
        </Typography>
        <Typography variant="body2" data-testid="engagement-level">
          Engagement: {engagement.label}
        </Typography>
        <LinearProgress variant="determinate" value={engagement.percent} aria-label="Engagement level" />
      </Stack>
    );
  }
  return (
    <WidgetCard title="Activity & Engagement">
      {body}
      {isOwner && <Analytics userId={userId} />}
    </WidgetCard>
  );
}
