import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useRevisions } from '../api/get-revisions.ts';
import { formatDateTime, personName } from '../forum-display.ts';
import { ContentHtml } from './ContentHtml.tsx';

/** A post's earlier versions, newest first (moderators in scope and admins), as Discourse shows an edit history. */
export function RevisionsDialog({
  open,
  onClose,
  discussionId,
  replyId,
}: {
  open: boolean;
  onClose: () => void;
  discussionId: string;
  replyId?: string;
}) {
  const titleId = useId();
  const revisions = useRevisions(discussionId, replyId, open);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Edit history</DialogTitle>
      <DialogContent>
        {revisions.isPending && <ListSkeleton label="Loading the edit history" rows={2} bordered />}
        {revisions.isError && <Typography color="error">The edit history could not be loaded.</Typography>}
        {revisions.data?.length === 0 && <Typography>This post has not been edited.</Typography>}
        <Stack component="ol" spacing={2} aria-label="Earlier versions" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {revisions.data?.map((revision) => (
            <Paper component="li" key={revision.id} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                Replaced by {personName(revision.editedBy)} on{' '}
                <time dateTime={revision.replacedAt}>{formatDateTime(revision.replacedAt)}</time>
              </Typography>
              {revision.title !== null && (
                <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {revision.title}
                </Typography>
              )}
              <ContentHtml html={revision.contentHtml} />
            </Paper>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
