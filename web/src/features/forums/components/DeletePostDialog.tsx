import { FORUM_MESSAGES, FORUM_TEXT_LIMITS } from '@crucible/proto';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

/**
 * Confirms deleting a post. Deleting another member's post (moderators, admins) asks for the
 * reason the author is told; the service refuses such a delete without one.
 */
export function DeletePostDialog({
  open,
  onClose,
  what,
  needsReason,
  onConfirm,
  deleting,
}: {
  open: boolean;
  onClose: () => void;
  /** 'discussion' or 'reply'. */
  what: 'discussion' | 'reply';
  needsReason: boolean;
  onConfirm: (reason: string | undefined) => void;
  deleting: boolean;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (needsReason && !reason.trim()) {
      setError(FORUM_MESSAGES.deleteReasonRequired);
      return;
    }
    onConfirm(needsReason ? reason.trim() : undefined);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => (setReason(''), setError(undefined)) } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Delete this {what}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {what === 'reply'
              ? 'The reply is replaced by a note that it was deleted. This cannot be undone.'
              : 'The discussion and all its replies are deleted. This cannot be undone.'}
          </DialogContentText>
          {needsReason && (
            <TextField
              label="Reason (the author is told)"
              name="reason"
              required
              fullWidth
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={error !== undefined}
              helperText={error}
              sx={{ mt: 2 }}
              slotProps={{ htmlInput: { maxLength: FORUM_TEXT_LIMITS.reason } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" loading={deleting}>
            Delete
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
