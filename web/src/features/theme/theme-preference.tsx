import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { DEFAULT_THEME, isThemeName, type ThemeName } from './theme-names.ts';

interface ThemePreference {
  themeName: ThemeName;
  setThemeName: (name: ThemeName) => void;
}

const ThemePreferenceContext = createContext<ThemePreference | null>(null);

/** A saved value counts only if it is one of the seven themes; anything else falls back to the default. */
export function readSavedTheme(): ThemeName {
  const saved = localStorage.getItem(STORAGE_KEYS.theme);
  return isThemeName(saved) ? saved : DEFAULT_THEME;
}

export function ThemePreferenceProvider({ children }: { children: ReactNode }) {
  const [themeName, setThemeState] = useState(readSavedTheme);

  const setThemeName = useCallback((name: ThemeName) => {
    localStorage.setItem(STORAGE_KEYS.theme, name);
    setThemeState(name);
  }, []);

  // Exposed on the document so styles outside React (and tests) can see the applied theme.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = themeName;
  }, [themeName]);

  const value = useMemo(() => ({ themeName, setThemeName }), [themeName, setThemeName]);
  return <ThemePreferenceContext.Provider value={value}>{children}</ThemePreferenceContext.Provider>;
}

export function useThemePreference(): ThemePreference {
  const preference = useContext(ThemePreferenceContext);
  if (!preference) throw new Error('useThemePreference needs a ThemePreferenceProvider above it');
  return preference;
}
