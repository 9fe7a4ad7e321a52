import type { Reply } from '@crucible/proto';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useReplies } from '../api/get-replies.ts';
import { useVoteOnReply } from '../api/vote-on-reply.ts';
import { formatDateTime, personName } from '../forum-display.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { AttachmentUploadDialog } from './AttachmentUploadDialog.tsx';
import { ContentHtml } from './ContentHtml.tsx';
import { LevelBadge } from './LevelBadge.tsx';
import { PostVoteControl } from './PostVoteControl.tsx';
import { ReportPostButton } from './ReportPostButton.tsx';

export const NO_REPLIES_TEXT = 'No replies yet. Be the first to respond!';

/** The replies, oldest first, a page at a time, each with its votes. Members may add files to their own replies. */
export function ReplyList({ discussionId, viewerId }: { discussionId: string; viewerId: string }) {
  const replies = useReplies(discussionId);
  const [attachingTo, setAttachingTo] = useState<Reply | null>(null);
  const voteOnReply = useVoteOnReply();

  if (replies.isPending) return <ListSkeleton label="Loading replies" rows={2} bordered />;
  if (replies.isError) {
    return (
      <Box>
        <Typography color="error">The replies could not be loaded.</Typography>
        <Button onClick={() => void replies.refetch()}>Try Again</Button>
      </Box>
    );
  }
  const items = replies.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={<ForumOutlinedIcon />} text={NO_REPLIES_TEXT} />;

  return (
    <Stack spacing={2}>
      <Stack component="ol" spacing={2} aria-label="Replies" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {items.map((reply) => (
          <Paper component="li" key={reply.id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
              <UserAvatar name={reply.author?.firstName} src={reply.author?.profileImageUrl} size="small" />
              <Typography variant="subtitle2" component="p">
                {personName(reply.author)}
              </Typography>
              {reply.author && <LevelBadge level={reply.author.accessLevel} />}
              <Typography variant="body2" color="text.secondary" component="p">
                <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
              </Typography>
              {reply.authorId === viewerId && (
                // One small control in the reply's own header, not a button repeated under each of the member's replies.
                <Tooltip title="Add attachment">
                  <IconButton
                    size="small"
                    aria-label="Add attachment to your reply"
                    onClick={() => setAttachingTo(reply)}
                    sx={{ ml: 'auto' }}
                  >
                    <AttachFileIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
            <ContentHtml html={reply.contentHtml} />
            <AttachmentList attachments={reply.attachments} />
            <PostVoteControl
              votes={reply}
              isOwn={reply.authorId === viewerId}
              onVote={(voteType) => voteOnReply.mutateAsync({ discussionId, replyId: reply.id, voteType })}
            />
            {reply.authorId !== viewerId && (
              <ReportPostButton discussionId={discussionId} replyId={reply.id} label="Report this reply" />
            )}
          </Paper>
        ))}
      </Stack>
      {replies.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void replies.fetchNextPage()}
          loading={replies.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          Load More Replies
        </Button>
      )}
      <AttachmentUploadDialog
        open={attachingTo !== null}
        onClose={() => setAttachingTo(null)}
        discussionId={discussionId}
        replyId={attachingTo?.id}
      />
    </Stack>
  );
}
