import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { interSubset } from './scripts/vite-inter-subset.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { parseBuildEnvironment } from './src/lib/build-environment.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const ENV_PREFIXES = ['VITE_', 'FEATURE_'];
const BACKEND_URL = 'http://localhost:5000';

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, webRoot, ENV_PREFIXES);
  // The deployment picks the flag defaults (spec 1 section 6); a production build defaults to production.
  const deployment = parseBuildEnvironment(
    env.VITE_DEPLOYMENT,
    command === 'build' && mode === 'production' ? 'production' : 'development',
  );
  return {
    root: webRoot,
    envDir: webRoot,
    envPrefix: ENV_PREFIXES,
    plugins: [react(), interSubset(), precompress()],
    define: { 'import.meta.env.VITE_DEPLOYMENT': JSON.stringify(deployment) },
    server: {
      proxy: {
        '/api': BACKEND_URL,
        '/ws': { target: BACKEND_URL, ws: true },
      },
    },
    // The manifest lets scripts/size.ts measure exactly what the entry loads; that script holds the
    // real budget (the sign-in page), so Vite's per-chunk warning is only raised above it.
    build: { manifest: true, chunkSizeWarningLimit: 800 },
  };
});
