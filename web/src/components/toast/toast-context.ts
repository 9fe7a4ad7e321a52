import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  title: string;
  description?: string;
  severity?: ToastSeverity;
}

export const ToastContext = createContext<((toast: Toast) => void) | null>(null);

export function useToast(): (toast: Toast) => void {
  const showToast = useContext(ToastContext);
  if (!showToast) throw new Error('useToast needs a ToastProvider above it');
  return showToast;
}
