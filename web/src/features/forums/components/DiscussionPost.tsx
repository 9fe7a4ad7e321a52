import type { DiscussionDetail, Subcategory } from '@crucible/proto';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import LinkIcon from '@mui/icons-material/Link';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import PushPinIcon from '@mui/icons-material/PushPin';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { useUpdateDiscussion } from '../api/update-discussion.ts';
import { useVoteOnDiscussion } from '../api/vote-on-discussion.ts';
import { useSetWatching } from '../api/watch-discussion.ts';
import { formatDateTime, personName } from '../forum-display.ts';
import { postActionFailureMessage } from '../reply-errors.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { ContentHtml } from './ContentHtml.tsx';
import { DeletePostDialog } from './DeletePostDialog.tsx';
import { EditPostDialog } from './EditPostDialog.tsx';
import { LevelBadge } from './LevelBadge.tsx';
import { MoveDiscussionDialog } from './MoveDiscussionDialog.tsx';
import { PostMenu, type PostAction } from './PostMenu.tsx';
import { PostVoteControl } from './PostVoteControl.tsx';
import { RevisionsDialog } from './RevisionsDialog.tsx';
import { ViewHeading } from './ViewHeading.tsx';

/** The link to a discussion (or one of its replies) to share. */
export function postLink(discussionId: string, replyId?: string): string {
  const params = new URLSearchParams({ discussion: discussionId });
  if (replyId) params.set('reply', replyId);
  return `${window.location.origin}/forums?${params.toString()}`;
}

/** 'edited' with the time of the last edit, on every post that was edited. */
export function EditedMark({ editedAt }: { editedAt: string | null }) {
  if (!editedAt) return null;
  return (
    <Typography variant="body2" color="text.secondary" component="span">
      · edited <time dateTime={editedAt}>{formatDateTime(editedAt)}</time>
    </Typography>
  );
}

type Dialog = 'edit' | 'delete' | 'history' | 'move' | null;

/**
 * The discussion itself: its heading, author, state (locked, pinned, hidden), the watch toggle,
 * the author's and moderators' actions and the moderation menu (moderators in scope and admins).
 */
export function DiscussionPost({
  discussion,
  viewerId,
  focusHeading,
  topics,
  onDeleted,
}: {
  discussion: DiscussionDetail;
  viewerId: string;
  focusHeading: boolean;
  topics: Subcategory[];
  onDeleted: () => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const voteOnDiscussion = useVoteOnDiscussion();
  const update = useUpdateDiscussion();
  const deletePost = useDeletePost();
  const watching = useSetWatching();
  const showToast = useToast();
  const isAuthor = discussion.authorId === viewerId;
  const canModerate = discussion.canModerate;
  const mayEdit = canModerate || (isAuthor && !discussion.isLocked);

  const moderate = (patch: Parameters<typeof update.mutate>[0]['patch'], done: string) =>
    update.mutate(
      { discussionId: discussion.id, patch },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: done });
          close();
        },
        onError: (error) =>
          showToast({
            severity: 'error',
            title: 'Error',
            description: postActionFailureMessage(error, 'That did not work.'),
          }),
      },
    );

  const actions: PostAction[] = [];
  if (mayEdit)
    actions.push({
      key: 'edit',
      label: 'Edit',
      icon: <EditIcon fontSize="small" />,
      onSelect: () => setDialog('edit'),
    });
  if (isAuthor || canModerate)
    actions.push({
      key: 'delete',
      label: 'Delete',
      icon: <DeleteIcon fontSize="small" />,
      onSelect: () => setDialog('delete'),
    });
  if (canModerate && discussion.editedAt)
    actions.push({
      key: 'history',
      label: 'Edit history',
      icon: <HistoryIcon fontSize="small" />,
      onSelect: () => setDialog('history'),
    });
  actions.push({
    key: 'copy-link',
    label: 'Copy link',
    icon: <LinkIcon fontSize="small" />,
    onSelect: () =>
      void navigator.clipboard
        .writeText(postLink(discussion.id))
        .then(() => showToast({ severity: 'success', title: 'Link copied' }))
        .catch(() => showToast({ severity: 'error', title: 'The link could not be copied' })),
  });

  const moderation: PostAction[] = canModerate
    ? [
        {
          key: 'pin',
          label: discussion.isPinned ? 'Unpin' : 'Pin',
          icon: <PushPinIcon fontSize="small" />,
          onSelect: () => moderate({ isPinned: !discussion.isPinned }, discussion.isPinned ? 'Unpinned' : 'Pinned'),
        },
        {
          key: 'lock',
          label: discussion.isLocked ? 'Unlock' : 'Lock',
          icon: discussion.isLocked ? <LockOpenIcon fontSize="small" /> : <LockIcon fontSize="small" />,
          onSelect: () => moderate({ isLocked: !discussion.isLocked }, discussion.isLocked ? 'Unlocked' : 'Locked'),
        },
        {
          key: 'hide',
          label: discussion.isHidden ? 'Show to members' : 'Hide from members',
          icon: discussion.isHidden ? <VisibilityIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />,
          onSelect: () => moderate({ isHidden: !discussion.isHidden }, discussion.isHidden ? 'Shown' : 'Hidden'),
        },
        {
          key: 'move',
          label: 'Move to another topic',
          icon: <DriveFileMoveIcon fontSize="small" />,
          onSelect: () => setDialog('move'),
        },
      ]
    : [];

  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ViewHeading focusOnMount={focusHeading}>{discussion.title}</ViewHeading>
        </Box>
        <Button
          size="small"
          variant={discussion.isWatched ? 'contained' : 'outlined'}
          aria-pressed={discussion.isWatched}
          startIcon={discussion.isWatched ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
          loading={watching.isPending}
          onClick={() =>
            watching.mutate(
              { discussionId: discussion.id, watch: !discussion.isWatched },
              {
                onError: () => showToast({ severity: 'error', title: 'Watching could not be changed' }),
              },
            )
          }
          sx={{ flexShrink: 0 }}
        >
          {discussion.isWatched ? 'Watching' : 'Watch'}
        </Button>
        <PostMenu label="Moderate" icon={<GavelIcon fontSize="small" />} actions={moderation} />
        <PostMenu label="Discussion actions" actions={actions} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1, mb: 2 }}>
        <MemberLink userId={discussion.author?.id} label={`${personName(discussion.author)}'s profile`}>
          <UserAvatar name={discussion.author?.firstName} src={discussion.author?.profileImageUrl} />
        </MemberLink>
        <Typography variant="body2" component="span">
          <MemberLink userId={discussion.author?.id}>{personName(discussion.author)}</MemberLink> ·{' '}
          <time dateTime={discussion.createdAt}>{formatDateTime(discussion.createdAt)}</time>
        </Typography>
        <EditedMark editedAt={discussion.editedAt} />
        <LevelBadge level={discussion.accessLevel} label={`Visible to ${discussion.accessLevel} and above`} />
        {discussion.isPinned && <Chip size="small" icon={<PushPinIcon />} label="Pinned" />}
        {discussion.isLocked && <Chip size="small" icon={<LockIcon />} label="Locked" />}
        {discussion.isHidden && <Chip size="small" icon={<VisibilityOffIcon />} label="Hidden from members" />}
      </Box>
      <ContentHtml html={discussion.contentHtml} />
      <AttachmentList attachments={discussion.attachments} />
      <PostVoteControl
        votes={discussion}
        isOwn={isAuthor}
        onVote={(voteType) => voteOnDiscussion.mutateAsync({ discussionId: discussion.id, voteType })}
      />
      <EditPostDialog
        open={dialog === 'edit'}
        onClose={close}
        heading="Edit discussion"
        initial={{ title: discussion.title, content: discussion.content }}
        discussionLevel={discussion.accessLevel}
        saving={update.isPending}
        onSave={(draft) => update.mutateAsync({ discussionId: discussion.id, patch: draft })}
      />
      <DeletePostDialog
        open={dialog === 'delete'}
        onClose={close}
        what="discussion"
        needsReason={!isAuthor}
        deleting={deletePost.isPending}
        onConfirm={(reason) =>
          deletePost.mutate(
            { discussionId: discussion.id, reason },
            {
              onSuccess: () => {
                showToast({ severity: 'success', title: 'Discussion deleted' });
                close();
                onDeleted();
              },
              onError: (error) =>
                showToast({
                  severity: 'error',
                  title: 'Error',
                  description: postActionFailureMessage(error, 'The discussion could not be deleted.'),
                }),
            },
          )
        }
      />
      <RevisionsDialog open={dialog === 'history'} onClose={close} discussionId={discussion.id} />
      <MoveDiscussionDialog
        open={dialog === 'move'}
        onClose={close}
        topics={topics}
        currentTopicId={discussion.subcategoryId}
        moving={update.isPending}
        onMove={(topicId) => moderate({ subcategoryId: topicId }, 'Discussion moved')}
      />
    </Paper>
  );
}
