import type { DiscussionDetail, Reply } from '@crucible/proto';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import HistoryIcon from '@mui/icons-material/History';
import LinkIcon from '@mui/icons-material/Link';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { useReplies } from '../api/get-replies.ts';
import { useUpdateReply } from '../api/update-reply.ts';
import { useVoteOnReply } from '../api/vote-on-reply.ts';
import { formatDateTime, personName } from '../forum-display.ts';
import { quoteBlock } from '../quote.ts';
import { postActionFailureMessage } from '../reply-errors.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { AttachmentUploadDialog } from './AttachmentUploadDialog.tsx';
import { ContentHtml } from './ContentHtml.tsx';
import { DeletePostDialog } from './DeletePostDialog.tsx';
import { EditedMark, postLink } from './DiscussionPost.tsx';
import { EditPostDialog } from './EditPostDialog.tsx';
import { LevelBadge } from './LevelBadge.tsx';
import { PostMenu, type PostAction } from './PostMenu.tsx';
import { PostVoteControl } from './PostVoteControl.tsx';
import { ReplyDialog } from './ReplyDialog.tsx';
import { ReportPostButton } from './ReportPostButton.tsx';
import { RevisionsDialog } from './RevisionsDialog.tsx';

export const NO_REPLIES_TEXT = 'No replies yet. Be the first to respond!';
export const REPLY_DELETED_TEXT = 'This reply was deleted';

/** The text the member selected inside the element, if the selection lies there. */
function selectedTextIn(elementId: string): string {
  const selection = window.getSelection();
  const element = document.getElementById(elementId);
  if (!selection || !element || selection.isCollapsed || !element.contains(selection.anchorNode)) return '';
  return selection.toString();
}

/** The element id of a reply in the page: what a link to the reply scrolls to. */
export const replyElementId = (replyId: string) => `reply-${replyId}`;

/**
 * A link to a reply (`&reply=`): pages of replies are loaded until it is among them, then it is
 * scrolled into view and takes focus once.
 */
function useShowLinkedReply(replies: ReturnType<typeof useReplies>, replyId: string | undefined) {
  const shown = useRef<string | null>(null);
  const items = replies.data?.pages.flatMap((page) => page.items);
  const found = replyId !== undefined && items?.some((reply) => reply.id === replyId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = replies;
  useEffect(() => {
    if (!replyId || !items || found || !hasNextPage || isFetchingNextPage) return;
    void fetchNextPage();
  }, [replyId, items, found, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (!replyId || !found || shown.current === replyId) return;
    shown.current = replyId;
    const element = document.getElementById(replyElementId(replyId));
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [replyId, found]);
}

type ReplyDialog = { kind: 'attach' | 'edit' | 'delete' | 'history' | 'quote'; reply: Reply } | null;

/**
 * The replies, oldest first, a page at a time, each with its votes and its actions: its author
 * adds files, edits and deletes it; the discussion's moderators edit, delete (with a reason) and
 * read its earlier versions. A deleted reply keeps its place as a placeholder.
 */
export function ReplyList({
  discussion,
  viewerId,
  highlightReplyId,
  newSince,
}: {
  discussion: DiscussionDetail;
  viewerId: string;
  /** A reply a link points at: its page is loaded, it is scrolled to and highlighted. */
  highlightReplyId?: string;
  /** The member's previous visit: a 'New' divider goes above the first reply by others after it. */
  newSince?: string | null;
}) {
  const discussionId = discussion.id;
  const replies = useReplies(discussionId);
  useShowLinkedReply(replies, highlightReplyId);
  const [dialog, setDialog] = useState<ReplyDialog>(null);
  const close = () => setDialog(null);
  const voteOnReply = useVoteOnReply();
  const updateReply = useUpdateReply();
  const deletePost = useDeletePost();
  const showToast = useToast();
  const [selection, setSelection] = useState('');
  const canModerate = discussion.canModerate;

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

  function actionsOf(reply: Reply): PostAction[] {
    const isAuthor = reply.authorId === viewerId;
    const actions: PostAction[] = [];
    if (canModerate || !discussion.isLocked)
      actions.push({
        key: 'quote',
        label: 'Reply with quote',
        icon: <FormatQuoteIcon fontSize="small" />,
        onSelect: () => {
          setSelection(selectedTextIn(replyElementId(reply.id)));
          setDialog({ kind: 'quote', reply });
        },
      });
    if (canModerate || (isAuthor && !discussion.isLocked))
      actions.push({
        key: 'edit',
        label: 'Edit',
        icon: <EditIcon fontSize="small" />,
        onSelect: () => setDialog({ kind: 'edit', reply }),
      });
    if (isAuthor || canModerate)
      actions.push({
        key: 'delete',
        label: 'Delete',
        icon: <DeleteIcon fontSize="small" />,
        onSelect: () => setDialog({ kind: 'delete', reply }),
      });
    if (canModerate && reply.editedAt)
      actions.push({
        key: 'history',
        label: 'Edit history',
        icon: <HistoryIcon fontSize="small" />,
        onSelect: () => setDialog({ kind: 'history', reply }),
      });
    actions.push({
      key: 'copy-link',
      label: 'Copy link',
      icon: <LinkIcon fontSize="small" />,
      onSelect: () =>
        void navigator.clipboard
          .writeText(postLink(discussionId, reply.id))
          .then(() => showToast({ severity: 'success', title: 'Link copied' }))
          .catch(() => showToast({ severity: 'error', title: 'The link could not be copied' })),
    });
    return actions;
  }

  const current = dialog?.reply;
  const firstNewId = newSince
    ? items.find((reply) => !reply.isDeleted && reply.authorId !== viewerId && reply.createdAt > newSince)?.id
    : undefined;
  return (
    <Stack spacing={2}>
      <Stack component="ol" spacing={2} aria-label="Replies" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {items.map((reply) =>
          reply.isDeleted ? (
            <Paper
              component="li"
              key={reply.id}
              id={replyElementId(reply.id)}
              variant="outlined"
              sx={{ p: { xs: 1.5, sm: 2 }, borderStyle: 'dashed' }}
            >
              <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
                {REPLY_DELETED_TEXT}
              </Typography>
            </Paper>
          ) : (
            <Paper
              component="li"
              key={reply.id}
              id={replyElementId(reply.id)}
              variant="outlined"
              tabIndex={reply.id === highlightReplyId ? -1 : undefined}
              aria-current={reply.id === highlightReplyId ? 'true' : undefined}
              sx={{
                p: { xs: 1.5, sm: 2 },
                scrollMarginTop: 80,
                ...(reply.id === highlightReplyId
                  ? { borderColor: 'primary.main', borderWidth: 2, boxShadow: (theme) => theme.shadows[3] }
                  : {}),
              }}
            >
              {reply.id === firstNewId && (
                <Divider textAlign="left" sx={{ mb: 1.5, color: 'primary.main', fontWeight: 600 }}>
                  New
                </Divider>
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
                <MemberLink userId={reply.author?.id} label={`${personName(reply.author)}'s profile`}>
                  <UserAvatar name={reply.author?.firstName} src={reply.author?.profileImageUrl} size="small" />
                </MemberLink>
                <Typography variant="subtitle2" component="p">
                  <MemberLink userId={reply.author?.id}>{personName(reply.author)}</MemberLink>
                </Typography>
                {reply.author && <LevelBadge level={reply.author.accessLevel} />}
                <Typography variant="body2" color="text.secondary" component="p">
                  <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                </Typography>
                <EditedMark editedAt={reply.editedAt} />
                {reply.isHidden && <Chip size="small" icon={<VisibilityOffIcon />} label="Hidden from members" />}
                <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center' }}>
                  {reply.authorId === viewerId && (
                    <Tooltip title="Add attachment">
                      <IconButton
                        size="small"
                        aria-label="Add attachment to your reply"
                        onClick={() => setDialog({ kind: 'attach', reply })}
                      >
                        <AttachFileIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  <PostMenu label={`Actions for the reply by ${personName(reply.author)}`} actions={actionsOf(reply)} />
                </Box>
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
          ),
        )}
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
        open={dialog?.kind === 'attach'}
        onClose={close}
        discussionId={discussionId}
        replyId={dialog?.kind === 'attach' ? current?.id : undefined}
      />
      <EditPostDialog
        open={dialog?.kind === 'edit'}
        onClose={close}
        heading="Edit reply"
        initial={{ content: current?.content ?? '' }}
        discussionLevel={discussion.accessLevel}
        saving={updateReply.isPending}
        onSave={(draft) =>
          updateReply.mutateAsync({ discussionId, replyId: current!.id, patch: { content: draft.content } })
        }
      />
      <DeletePostDialog
        open={dialog?.kind === 'delete'}
        onClose={close}
        what="reply"
        needsReason={current !== undefined && current.authorId !== viewerId}
        deleting={deletePost.isPending}
        onConfirm={(reason) =>
          deletePost.mutate(
            { discussionId, replyId: current!.id, reason },
            {
              onSuccess: () => {
                showToast({ severity: 'success', title: 'Reply deleted' });
                close();
              },
              onError: (error) =>
                showToast({
                  severity: 'error',
                  title: 'Error',
                  description: postActionFailureMessage(error, 'The reply could not be deleted.'),
                }),
            },
          )
        }
      />
      <ReplyDialog
        open={dialog?.kind === 'quote'}
        onClose={close}
        discussionId={discussionId}
        discussionTitle={discussion.title}
        discussionLevel={discussion.accessLevel}
        quote={
          dialog?.kind === 'quote'
            ? {
                replyId: dialog.reply.id,
                text: quoteBlock({
                  name: personName(dialog.reply.author),
                  link: `/forums?discussion=${discussionId}&reply=${dialog.reply.id}`,
                  content: dialog.reply.content,
                  selection,
                }),
              }
            : undefined
        }
      />
      <RevisionsDialog
        open={dialog?.kind === 'history'}
        onClose={close}
        discussionId={discussionId}
        replyId={dialog?.kind === 'history' ? current?.id : undefined}
      />
    </Stack>
  );
}
