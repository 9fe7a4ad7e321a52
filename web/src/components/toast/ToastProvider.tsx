import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type Toast } from './toast-context.ts';

const TOAST_DURATION_MS = 5000;
const FOCUS_TOAST_KEY = 'F8';

interface ShownToast extends Toast {
  id: number;
}

/** One toast at a time (spec 1 section 9): a new one replaces the one on screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(0);
  const alertRef = useRef<HTMLDivElement>(null);

  const showToast = useCallback((next: Toast) => {
    nextId.current += 1;
    setToast({ ...next, id: nextId.current });
    setOpen(true);
  }, []);

  // F8 moves focus to the toast so keyboard users can reach its close button.
  useEffect(() => {
    function focusToast(event: KeyboardEvent) {
      if (event.key === FOCUS_TOAST_KEY) alertRef.current?.focus();
    }
    window.addEventListener('keydown', focusToast);
    return () => window.removeEventListener('keydown', focusToast);
  }, []);

  function close(_event: unknown, reason?: SnackbarCloseReason) {
    // A click elsewhere on the page must not swallow a message the member has not read yet.
    if (reason === 'clickaway') return;
    setOpen(false);
  }

  return (
    <ToastContext.Provider value={showToast}>
      {children}
      {toast && (
        <Snackbar
          key={toast.id}
          open={open}
          autoHideDuration={toast.durationMs ?? TOAST_DURATION_MS}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        >
          <Alert
            ref={alertRef}
            tabIndex={-1}
            severity={toast.severity ?? 'info'}
            variant="filled"
            onClose={close}
            // White on the light themes' orange reads at 3.1:1; black reads at 6.7:1 (WCAG asks 4.5).
            sx={{ width: '100%', maxWidth: 420, ...(toast.severity === 'warning' && { color: 'common.black' }) }}
          >
            <AlertTitle>{toast.title}</AlertTitle>
            {toast.description}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}
