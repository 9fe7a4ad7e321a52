import { alpha, createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
import type { ThemeName } from '../../features/theme/theme-names.ts';
import { BODY_FONT, HEADING_FONT } from './fonts.ts';

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

/**
 * One type scale for every screen (a 1.2 ratio around a 16 px body); pages pick variants, never sizes.
 * Headings and labels are semibold (600), text regular (400); headings are tightened slightly.
 */
const heading = (rem: number, lineHeight: number) => ({
  fontFamily: HEADING_FONT,
  fontWeight: 600,
  fontSize: `${rem}rem`,
  lineHeight,
  letterSpacing: '-0.01em',
});
const TYPE_SCALE = {
  h1: heading(2.488, 1.15),
  h2: heading(2.074, 1.2),
  h3: heading(1.728, 1.25),
  h4: heading(1.728, 1.25),
  h5: heading(1.44, 1.3),
  h6: heading(1.2, 1.35),
  subtitle1: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.5 },
  subtitle2: { fontSize: '0.875rem', fontWeight: 600, lineHeight: 1.5 },
  body1: { fontSize: '1rem', lineHeight: 1.6 },
  body2: { fontSize: '0.875rem', lineHeight: 1.55 },
  caption: { fontSize: '0.75rem', lineHeight: 1.5 },
  overline: { fontSize: '0.75rem', fontWeight: 600, letterSpacing: '0.08em' },
  button: { textTransform: 'none' as const, fontWeight: 600 },
};

const LIGHT_INFO = '#0277bd';

export function createAppTheme(name: ThemeName): Theme {
  const palette = PALETTES[name];
  const base = createTheme({
    // MUI's light info blue carries white text at 3.9:1; a shade darker keeps filled info chips at 4.5:1.
    palette: palette.mode === 'light' && !palette.info ? { ...palette, info: { main: LIGHT_INFO } } : palette,
    typography: {
      fontFamily: BODY_FONT,
      fontWeightMedium: 600,
      fontWeightBold: 600,
      ...TYPE_SCALE,
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
      // An unselected toggle is drawn in the secondary text colour: MUI's default (the action colour)
      // falls under 4.5:1 against the light themes' page background.
      MuiToggleButton: {
        styleOverrides: {
          root: { color: base.palette.text.secondary },
        },
      },
      // The empty part of a bar is a faint track in every theme, never a shade of the fill, so 0% reads as empty.
      MuiLinearProgress: {
        styleOverrides: {
          root: { backgroundColor: alpha(base.palette.text.primary, 0.12) },
        },
      },
    },
  });
}
