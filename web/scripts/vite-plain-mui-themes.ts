/**
 * The app's themes are plain MUI themes (src/app/theme/create-app-theme.ts: no `cssVariables`, no
 * `colorSchemes`), so MUI's CSS-variables branch (createThemeWithVars, CssVarsProvider with its
 * colour-scheme storage and InitColorSchemeScript: ~9 kB of the sign-in page's brotli bytes) never
 * runs, yet `createTheme` and `ThemeProvider` import it. In the build those two imports get a stub
 * that throws if a theme ever takes that branch; create-app-theme.test.ts checks the themes stay plain.
 */
import type { Plugin } from 'vite';

const STUB_PREFIX = '\0plain-mui-themes:';
const MESSAGE = 'CSS-variables themes are left out of this build (web/scripts/vite-plain-mui-themes.ts)';

/** Importer (a file of @mui/material/styles) -> the import it makes of the CSS-variables branch, and its stub. */
const STUBS: { importer: RegExp; source: string; stub: string }[] = [
  {
    importer: /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
    source: './createThemeWithVars.mjs',
    stub: `export default function createThemeWithVars() { throw new Error(${JSON.stringify(MESSAGE)}); }`,
  },
  {
    importer: /[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
    source: './ThemeProviderWithVars.mjs',
    stub: `export function CssVarsProvider() { throw new Error(${JSON.stringify(MESSAGE)}); }`,
  },
];

export function plainMuiThemes(): Plugin {
  return {
    name: 'crucible-plain-mui-themes',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const stub = STUBS.find((entry) => entry.source === source && importer && entry.importer.test(importer));
      return stub ? `${STUB_PREFIX}${stub.source}` : null;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      return STUBS.find((entry) => `${STUB_PREFIX}${entry.source}` === id)?.stub ?? null;
    },
  };
}
