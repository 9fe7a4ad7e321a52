import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '../../features/theme/theme-names.ts';
import { createAppTheme } from './create-app-theme.ts';

/** WCAG AA for normal text. */
const AA = 4.5;

describe.each(THEME_NAMES)('the %s theme', (name) => {
  const theme = createAppTheme(name);

  it('writes filled info chips and unselected toggles at AA contrast', () => {
    expect(getContrastRatio(theme.palette.info.contrastText, theme.palette.info.main)).toBeGreaterThanOrEqual(AA);
    const toggle = theme.components?.MuiToggleButton?.styleOverrides?.root as { color: string };
    expect(getContrastRatio(toggle.color, theme.palette.background.default)).toBeGreaterThanOrEqual(AA);
  });

  // The build leaves MUI's CSS-variables branch out (web/scripts/vite-plain-mui-themes.ts): a theme
  // with colour schemes or CSS variables would take it and fail there.
  it('is a plain theme, without colour schemes or CSS variables', () => {
    expect(theme).not.toHaveProperty('colorSchemes');
    expect(theme).not.toHaveProperty('vars');
    expect(theme).not.toHaveProperty('cssVariables');
  });
});
