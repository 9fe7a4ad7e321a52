import type { DiscussionSummary } from '@crucible/proto';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { discussionsQueryOptions } from '../api/get-discussions.ts';
import type { DiscussionListFilter } from '../api/forum-query-keys.ts';
import { formatDateTime, personName } from '../forum-display.ts';

interface Activity {
  at: string;
  author: DiscussionSummary['lastReplyAuthor'];
  title: string;
}

/** The latest post in a list: a discussion's newest reply, or the discussion itself. */
export function latestActivity(discussions: readonly DiscussionSummary[]): Activity | null {
  let latest: Activity | null = null;
  for (const discussion of discussions) {
    const replied = discussion.lastReplyTimestamp !== null && discussion.lastReplyTimestamp !== undefined;
    const at = replied ? discussion.lastReplyTimestamp! : discussion.createdAt;
    if (!latest || Date.parse(at) > Date.parse(latest.at))
      latest = { at, author: replied ? discussion.lastReplyAuthor : discussion.author, title: discussion.title };
  }
  return latest;
}

/**
 * What a forum card tells a member before they enter (as Discourse does), beside its discussion
 * count: the latest activity with its author and time. It reads the first page of the same list
 * the forum shows, so entering the forum afterwards costs no request.
 */
export function ForumActivity({ filter }: { filter: DiscussionListFilter }) {
  const { data, isPending, isError } = useInfiniteQuery(discussionsQueryOptions(filter));
  if (isPending) return <Skeleton width="70%" aria-hidden="true" />;
  if (isError) return null;
  const latest = latestActivity(data.pages[0]?.items ?? []);
  return (
    <Box sx={{ mt: 1 }}>
      {latest ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, minWidth: 0 }}>
          <UserAvatar name={latest.author?.firstName} src={latest.author?.profileImageUrl} size="small" />
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            Latest: {personName(latest.author)}, <time dateTime={latest.at}>{formatDateTime(latest.at)}</time>
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No activity yet
        </Typography>
      )}
    </Box>
  );
}
