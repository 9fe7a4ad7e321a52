export const THEME_NAMES = ['mystical', 'light', 'dark', 'red', 'green', 'blue', 'usa'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'mystical';

export const THEME_LABELS: Record<ThemeName, string> = {
  mystical: 'Mystical',
  light: 'Light',
  dark: 'Dark',
  red: 'Red',
  green: 'Green',
  blue: 'Blue',
  usa: 'USA',
};

export function isThemeName(value: unknown): value is ThemeName {
  return (THEME_NAMES as readonly unknown[]).includes(value);
}
