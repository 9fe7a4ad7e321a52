import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  /** Which button has the focus: Cancel, unless the caller was itself a deliberate shortcut (Enter then confirms). */
  focus?: 'cancel' | 'confirm';
  onConfirm: () => void;
  onCancel: () => void;
  /** What the action applies to, shown below the message (a quoted message, say). */
  children?: ReactNode;
}

/** Every destructive action asks first; the confirming button is the dangerous one, Cancel the default. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pending,
  focus = 'cancel',
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={children ? { mb: 1 } : undefined}>{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus={focus === 'cancel'}>
          Cancel
        </Button>
        <Button color="error" variant="contained" autoFocus={focus === 'confirm'} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
