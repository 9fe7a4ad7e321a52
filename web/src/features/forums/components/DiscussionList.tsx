import type { DiscussionSummary } from '@crucible/proto';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import LockIcon from '@mui/icons-material/Lock';
import PushPinIcon from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useDiscussions } from '../api/get-discussions.ts';
import type { DiscussionListFilter } from '../api/forum-query-keys.ts';
import { formatDateTime, personName } from '../forum-display.ts';
import { forumSearch, type ForumLocation } from '../forum-location.ts';
import { LevelBadge } from './LevelBadge.tsx';

export const NO_DISCUSSIONS_TEXT = 'No discussions in this topic yet. Be the first to start a conversation!';

function DiscussionCard({ discussion, to }: { discussion: DiscussionSummary; to: ForumLocation }) {
  return (
    <Card component="li" variant="outlined">
      <CardActionArea component={RouterLink} to={{ pathname: '/forums', search: forumSearch(to) }}>
        <CardContent>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {discussion.title}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
            <UserAvatar name={discussion.author?.firstName} src={discussion.author?.profileImageUrl} size="small" />
            <Typography variant="body2" color="text.secondary">
              {personName(discussion.author)} ·{' '}
              <time dateTime={discussion.createdAt}>{formatDateTime(discussion.createdAt)}</time>
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <LevelBadge level={discussion.accessLevel} />
            <Chip
              size="small"
              icon={<ChatBubbleOutlineIcon />}
              label={`${discussion.replyCount} ${discussion.replyCount === 1 ? 'reply' : 'replies'}`}
            />
            {discussion.newReplyCount > 0 && (
              <Chip size="small" color="primary" label={`${discussion.newReplyCount} new`} />
            )}
            {discussion.hasPoll && <Chip size="small" icon={<HowToVoteIcon />} label="Poll" />}
            {discussion.attachmentCount > 0 && (
              <Chip
                size="small"
                icon={<AttachFileIcon />}
                label={`${discussion.attachmentCount} ${discussion.attachmentCount === 1 ? 'file' : 'files'}`}
              />
            )}
            {discussion.isPinned && <Chip size="small" icon={<PushPinIcon />} label="Pinned" />}
            {discussion.isLocked && <Chip size="small" icon={<LockIcon />} label="Locked" />}
          </Box>
          {discussion.lastReplyTimestamp && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Last reply by {personName(discussion.lastReplyAuthor)} on {formatDateTime(discussion.lastReplyTimestamp)}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The discussions of a topic (or a whole level forum), newest first, a page at a time. */
export function DiscussionList({
  filter,
  linkBase,
  emptyAction,
}: {
  filter: DiscussionListFilter;
  linkBase: ForumLocation;
  /** What an empty list offers, e.g. the button that starts the first discussion. */
  emptyAction?: ReactNode;
}) {
  const discussions = useDiscussions(filter);

  if (discussions.isPending) return <ListSkeleton label="Loading discussions" bordered />;
  if (discussions.isError) {
    return (
      <Box>
        <Typography color="error">The discussions could not be loaded.</Typography>
        <Button onClick={() => void discussions.refetch()}>Try Again</Button>
      </Box>
    );
  }
  const items = discussions.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return <EmptyState icon={<ChatBubbleOutlineIcon />} text={NO_DISCUSSIONS_TEXT} action={emptyAction} />;

  return (
    <Stack spacing={2}>
      <Stack component="ul" spacing={2} aria-label="Discussions" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {items.map((discussion) => (
          <DiscussionCard key={discussion.id} discussion={discussion} to={{ ...linkBase, discussion: discussion.id }} />
        ))}
      </Stack>
      {discussions.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void discussions.fetchNextPage()}
          loading={discussions.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          Load More Discussions
        </Button>
      )}
    </Stack>
  );
}
