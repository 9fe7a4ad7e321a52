import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
import type { ThemeName } from '../../features/theme/theme-names.ts';

/**
 * Colours are chosen for WCAG AA: body text, links (primary on background) and helper texts
 * (error on paper) reach 4.5:1 in every theme. Dark themes use a light error red because MUI's
 * default red falls under 4.5:1 on dark paper.
 */
const PALETTES: Record<ThemeName, PaletteOptions> = {
  mystical: {
    mode: 'dark',
    primary: { main: '#d9b45a', contrastText: '#1b1030' },
    secondary: { main: '#c3b1e8' },
    error: { main: '#ff8a80' },
    background: { default: '#150d26', paper: '#221640' },
    text: { primary: '#f4eeff', secondary: '#cdc2e6' },
  },
  light: {
    mode: 'light',
    primary: { main: '#1565c0' },
    background: { default: '#f6f7f9', paper: '#ffffff' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#90caf9' },
    error: { main: '#ff8a80' },
    background: { default: '#121212', paper: '#1e1e1e' },
  },
  red: {
    mode: 'light',
    primary: { main: '#b71c1c' },
    secondary: { main: '#5d4037' },
    background: { default: '#fff7f6', paper: '#ffffff' },
  },
  green: {
    mode: 'light',
    primary: { main: '#1b5e20' },
    secondary: { main: '#4e342e' },
    background: { default: '#f5faf5', paper: '#ffffff' },
  },
  blue: {
    mode: 'light',
    primary: { main: '#0d47a1' },
    secondary: { main: '#00695c' },
    background: { default: '#f4f7fc', paper: '#ffffff' },
  },
  usa: {
    mode: 'light',
    primary: { main: '#0a3161' },
    secondary: { main: '#b31942' },
    background: { default: '#ffffff', paper: '#f7f8fb' },
  },
};

const HEADING_FONT = '"Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif';
const BODY_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export function createAppTheme(name: ThemeName): Theme {
  const base = createTheme({
    palette: PALETTES[name],
    typography: {
      fontFamily: BODY_FONT,
      ...Object.fromEntries(
        ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((variant) => [variant, { fontFamily: HEADING_FONT }]),
      ),
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 10 },
  });
  return createTheme(base, {
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A ring that shows wherever focus goes by keyboard, in the theme's own accent.
          ':focus-visible': { outline: `3px solid ${base.palette.primary.main}`, outlineOffset: 2 },
        },
      },
    },
  });
}
