import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  title: string;
  description?: string;
  severity?: ToastSeverity;
  /** How long it stays, when not the usual 5 s (the quota warnings stay 7 and 10 s). */
  durationMs?: number;
}

export const ToastContext = createContext<((toast: Toast) => void) | null>(null);

export function useToast(): (toast: Toast) => void {
  const showToast = useContext(ToastContext);
  if (!showToast) throw new Error('useToast needs a ToastProvider above it');
  return showToast;
}
