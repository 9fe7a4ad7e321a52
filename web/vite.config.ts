import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { interSubset } from './scripts/vite-inter-subset.ts';
import { plainMuiThemes } from './scripts/vite-plain-mui-themes.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { parseBuildEnvironment } from './src/lib/build-environment.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const ENV_PREFIXES = ['VITE_', 'FEATURE_'];
const BACKEND_URL = 'http://localhost:5000';

/**
 * The lazy modules a signed-in member's first screen loads: the member header (with the chat and
 * notifications), the socket's cache updates, the dashboard and its project card, the live socket and
 * the auth contract.
 */
const DASHBOARD_ROOTS =
  /\/src\/(?:app\/layout\/MemberHeader\.tsx|app\/LiveUpdates\.tsx|features\/dashboard\/routes\/DashboardPage\.tsx|features\/projects\/components\/MyProjectTasksCard\.tsx|lib\/live-socket\/browser-live-socket\.ts|features\/auth\/api\/auth-contract\.ts)$/;

/** The toast's snackbar and alert, loaded with the first toast (components/toast/ToastProvider.tsx). */
const TOAST_ROOTS = /\/src\/components\/toast\/ToastView\.tsx$/;

type ModuleInfo = { importers: readonly string[] } | null;

/**
 * Whether a module is one of `roots` or imported, directly or through others, by one of them. A walk
 * up the importers that finds no root has seen every ancestor of every module it visited, so all of
 * them are known to answer no: each module is walked past about once per build.
 */
function reachedFrom(roots: RegExp) {
  const known = new Map<string, boolean>();
  const reaches = (start: string, info: (id: string) => ModuleInfo): boolean => {
    const seen = new Set<string>([start]);
    const pending = [start];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      const answer = known.get(id);
      if (answer === false) continue;
      if (answer === true || roots.test(id)) {
        known.set(start, true);
        return true;
      }
      for (const importer of info(id)?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        pending.push(importer);
      }
    }
    for (const id of seen) known.set(id, false);
    return false;
  };
  return (name: string) => (id: string, ctx: { getModuleInfo(id: string): ModuleInfo }) =>
    reaches(id, (moduleId) => ctx.getModuleInfo(moduleId)) ? name : null;
}

/**
 * Three chunks instead of dozens: `app`, everything the entry loads statically (the sign-in screen
 * and the shell: what /signin needs, nothing lazy); `toast`, what the first toast loads that the entry
 * does not (a visitor's failed sign-in must not fetch the member code); and `member`, everything the
 * dashboard's lazy modules import that the entry does not. Left alone, the bundler cut one chunk per
 * set of importers, so the dashboard fetched 37 script files. Every other screen keeps its own chunk,
 * with the parts only such screens share split out as before.
 */
function chunkGroups() {
  return [
    { name: 'app', tags: ['$initial' as const], priority: 3 },
    { name: reachedFrom(TOAST_ROOTS)('toast'), debugName: 'toast', priority: 2 },
    { name: reachedFrom(DASHBOARD_ROOTS)('member'), debugName: 'member', priority: 1 },
  ];
}

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, webRoot, ENV_PREFIXES);
  // The deployment picks the flag defaults; a production build defaults to production.
  const deployment = parseBuildEnvironment(
    env.VITE_DEPLOYMENT,
    command === 'build' && mode === 'production' ? 'production' : 'development',
  );
  return {
    root: webRoot,
    envDir: webRoot,
    envPrefix: ENV_PREFIXES,
    plugins: [react(), interSubset(), plainMuiThemes(), precompress()],
    define: { 'import.meta.env.VITE_DEPLOYMENT': JSON.stringify(deployment) },
    server: {
      proxy: {
        '/api': BACKEND_URL,
        '/ws': { target: BACKEND_URL, ws: true },
      },
    },
    // The manifest lets scripts/size.ts measure exactly what the entry loads; that script holds the
    // real budget (the sign-in page), so Vite's per-chunk warning is only raised above it.
    build: {
      manifest: true,
      chunkSizeWarningLimit: 800,
      rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
    },
  };
});
