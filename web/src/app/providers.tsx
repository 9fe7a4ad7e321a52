import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast/ToastProvider.tsx';
import { ThemePreferenceProvider } from '../features/theme/theme-preference.tsx';
import { AppThemeProvider } from './theme/AppThemeProvider.tsx';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemePreferenceProvider>
        <AppThemeProvider>
          <ToastProvider>{children}</ToastProvider>
        </AppThemeProvider>
      </ThemePreferenceProvider>
    </QueryClientProvider>
  );
}
