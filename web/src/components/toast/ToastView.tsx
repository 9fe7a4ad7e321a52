import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { Ref } from 'react';
import { createPortal } from 'react-dom';
import type { Toast } from './toast-context.ts';

const TOAST_DURATION_MS = 5000;
/** Below the app bar (64 px), so the header's buttons stay in reach. */
const TOAST_TOP = { xs: 72, sm: 80 };

export interface ToastViewProps {
  toast: Toast & { id: number };
  open: boolean;
  /** The paper of the top-most open dialog, where the toast shows while there is one. */
  dialogPaper: HTMLElement | null;
  alertRef: Ref<HTMLDivElement>;
  onClose: () => void;
}

/** The toast on screen (see ToastProvider): its own chunk, loaded with the first toast. */
export function ToastView({ toast, open, dialogPaper, alertRef, onClose }: ToastViewProps) {
  function close(_event: unknown, reason?: SnackbarCloseReason) {
    // A click elsewhere on the page must not swallow a message the member has not read yet.
    if (reason === 'clickaway') return;
    onClose();
  }

  const alert = (
    <Alert
      ref={alertRef}
      tabIndex={-1}
      data-toast=""
      severity={toast.severity ?? 'info'}
      variant="filled"
      onClose={close}
      // White on the light themes' orange reads at 3.1:1; black reads at 6.7:1 (WCAG asks 4.5).
      sx={{ width: '100%', maxWidth: 420, ...(toast.severity === 'warning' && { color: 'common.black' }) }}
    >
      <AlertTitle>{toast.title}</AlertTitle>
      {toast.description}
    </Alert>
  );

  if (dialogPaper && open)
    return createPortal(
      // First in the dialog (order), above its fields and away from its buttons.
      <div key={toast.id} style={{ order: -1, padding: '16px 24px 0' }}>
        {alert}
      </div>,
      dialogPaper,
    );
  return (
    <Snackbar
      key={toast.id}
      open={open}
      autoHideDuration={toast.durationMs ?? TOAST_DURATION_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: TOAST_TOP }}
    >
      {alert}
    </Snackbar>
  );
}
