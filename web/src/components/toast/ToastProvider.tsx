import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type Toast } from './toast-context.ts';

// The snackbar and alert load with the first toast: most screens open without one.
const ToastView = lazy(() => import('./ToastView.tsx').then((module) => ({ default: module.ToastView })));

const FOCUS_TOAST_KEY = 'F8';
/**
 * A toast shown inside a dialog that closes within this time (the dialog's own success, e.g.
 * 'Discussion created') moves on to the top of the page; one that was on screen longer has been read.
 */
const READ_AFTER_MS = 1500;

interface ShownToast extends Toast {
  id: number;
  /** When it went on screen inside a dialog, if it did. */
  inDialogSince?: number;
}

/** The paper of the top-most open dialog: MUI portals each dialog to a direct child of <body>. */
function topDialogPaper(): HTMLElement | null {
  const roots = document.querySelectorAll<HTMLElement>('body > .MuiDialog-root');
  const top = roots[roots.length - 1];
  return top?.querySelector<HTMLElement>('.MuiDialog-paper') ?? null;
}

/**
 * One toast at a time: a new one replaces the one on screen. Without a dialog it
 * is a snackbar at the top, under the app bar: the bottom of the screen holds the chat toggle, the
 * chat panel and the message composer with their Send buttons, which a toast must never cover. While a dialog is open it shows at the top of the dialog
 * instead: a snackbar would lie over the dialog's buttons, and assistive technology cannot reach
 * anything outside an open dialog. So each message shows in one place, and dialogs do not repeat it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(0);
  const alertRef = useRef<HTMLDivElement>(null);
  const [dialogPaper, setDialogPaper] = useState<HTMLElement | null>(null);

  const showToast = useCallback((next: Toast) => {
    nextId.current += 1;
    setToast({ ...next, id: nextId.current, inDialogSince: topDialogPaper() ? Date.now() : undefined });
    setOpen(true);
  }, []);

  // Follows the top-most dialog. A toast shown in a dialog that has gone is dropped once it has been
  // read, otherwise it moves on to the top of the page; a toast there moves into a dialog that opens.
  useEffect(() => {
    const update = () => {
      const paper = topDialogPaper();
      setDialogPaper(paper);
      setToast((current) => {
        if (!current) return current;
        if (paper && current.inDialogSince === undefined) return { ...current, inDialogSince: Date.now() };
        if (!paper && current.inDialogSince !== undefined) {
          if (Date.now() - current.inDialogSince >= READ_AFTER_MS) setOpen(false);
          return { ...current, inDialogSince: undefined };
        }
        return current;
      });
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true });
    update();
    return () => observer.disconnect();
  }, []);

  // F8 moves focus to the toast so keyboard users can reach its close button.
  useEffect(() => {
    function focusToast(event: KeyboardEvent) {
      if (event.key === FOCUS_TOAST_KEY) alertRef.current?.focus();
    }
    window.addEventListener('keydown', focusToast);
    return () => window.removeEventListener('keydown', focusToast);
  }, []);

  return (
    <ToastContext.Provider value={showToast}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastView
            toast={toast}
            open={open}
            dialogPaper={dialogPaper}
            alertRef={alertRef}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
