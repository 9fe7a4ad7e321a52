import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useThemePreference } from '../../features/theme/theme-preference.tsx';
import { createAppTheme } from './create-app-theme.ts';

/** Applies the member's chosen theme to the whole app as soon as it changes. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { themeName } = useThemePreference();
  const theme = useMemo(() => createAppTheme(themeName), [themeName]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
