import DialogContentText from '@mui/material/DialogContentText';
import type { DirectMessage } from '@crucible/proto';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
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
    <ConfirmDialog
      open={Boolean(message)}
      title="Delete message?"
      message={`It will be deleted for you and ${partnerName}. This cannot be undone.`}
      confirmLabel="Delete"
      pending={pending}
      focus="confirm"
      onConfirm={() => message && onConfirm(message)}
      onCancel={onClose}
    >
      <DialogContentText
        component="blockquote"
        sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}
      >
        {text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text}
      </DialogContentText>
    </ConfirmDialog>
  );
}
