import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { DirectMessage } from '@crucible/proto';
import { stripHtml } from '../message-rules.ts';

const PREVIEW_CHARS = 120;

interface DeleteMessageDialogProps {
  message: DirectMessage | null;
  partnerName: string;
  pending: boolean;
  onConfirm: (message: DirectMessage) => void;
  onClose: () => void;
}

/**
 * Deleting removes the message for both members and cannot be undone, so the button and the
 * Delete/Backspace shortcut ask here first. Delete has the focus: Enter confirms, Escape keeps it.
 */
export function DeleteMessageDialog({ message, partnerName, pending, onConfirm, onClose }: DeleteMessageDialogProps) {
  const text = message ? stripHtml(message.content) : '';
  return (
    <Dialog open={Boolean(message)} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Delete message?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          It will be deleted for you and {partnerName}. This cannot be undone.
        </DialogContentText>
        <DialogContentText
          component="blockquote"
          sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}
        >
          {text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          autoFocus
          loading={pending}
          onClick={() => message && onConfirm(message)}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
