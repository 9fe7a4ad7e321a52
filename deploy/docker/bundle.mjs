#!/usr/bin/env node
// Bundles one deployable's entrypoint into a single ESM file, the way every image is built.
//
//   node deploy/docker/bundle.mjs build  <workspace> [--out <dir>]   e.g. build services/auth --out /out
//   node deploy/docker/bundle.mjs verify <workspace>                  (inside the runtime image)
//
// Run from the repository root (the Dockerfiles' WORKDIR /app is the root).
//
// build: <workspace>/src/main.ts -> <out>/<workspace>/dist/main.mjs, the equivalent of
//   esbuild <entry> --bundle --platform=node --format=esm --target=node20
// with one rule the CLI cannot express: the workspace packages @crucible/* (they export TypeScript
// source) are bundled, every other package stays external and comes from `npm ci --omit=dev`.
// Two more things keep the bundle behaving like the source it came from:
//   - `import.meta.url`, `import.meta.dirname` and `import.meta.filename` in our own source are
//     rewritten to the module's original place in the image (relative to the bundle), so code like
//     `new URL('../../migrations', import.meta.url)` in services/platform finds services/platform/migrations.
//   - each bundled workspace's runtime assets (ASSET_DIRS, e.g. SQL migrations) are copied to <out>
//     at the same relative path, with a manifest (dist/bundle.json) of externals and assets.
// verify: checks, in the runtime image, that every statically imported external package is
//   installed where Node will look for it from dist/, and that the copied assets are there. A
//   third-party import that is only a devDependency fails the image build, not the pod.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';

/** Folders of a workspace that its code reads at run time; copied beside the bundle. */
const ASSET_DIRS = ['migrations'];
const WORKSPACE_SCOPE = '@crucible/';

const root = process.cwd();
const [command, workspaceArg, ...rest] = process.argv.slice(2);

function usage(message) {
  console.error(
    `${message}\nusage: node deploy/docker/bundle.mjs build <workspace> [--out <dir>] | verify <workspace>`,
  );
  process.exit(2);
}

if (!workspaceArg) usage('missing <workspace> (e.g. services/auth, gateway)');
const workspace = path.posix.normalize(workspaceArg.replaceAll('\\', '/')).replace(/\/$/, '');
const posix = (p) => p.split(path.sep).join('/');

/** 'express' -> 'express', '@prisma/client/runtime/client' -> '@prisma/client'. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The workspace folder (relative to root, posix) holding an absolute file, or undefined. */
function workspaceOf(file) {
  let dir = path.dirname(file);
  while (dir.startsWith(root) && dir !== root) {
    if (existsSync(path.join(dir, 'package.json'))) return posix(path.relative(root, dir));
    dir = path.dirname(dir);
  }
  return undefined;
}

async function build() {
  const outIndex = rest.indexOf('--out');
  const outRoot = path.resolve(root, outIndex >= 0 ? (rest[outIndex + 1] ?? usage('--out needs a directory')) : '.');
  const entry = path.join(root, workspace, 'src', 'main.ts');
  if (!existsSync(entry)) usage(`no entrypoint at ${posix(path.relative(root, entry))}`);
  // Where the bundle lives in the image (and relative to which import.meta is rewritten).
  const finalDistDir = path.join(root, workspace, 'dist');
  const outfile = path.join(outRoot, workspace, 'dist', 'main.mjs');

  const { build: esbuild } = await import('esbuild');

  /** @type {import('esbuild').Plugin} */
  const workspacePlugin = {
    name: 'crucible-workspace',
    setup(b) {
      // Bare specifiers: @crucible/* resolve normally (through the workspace symlinks, to source),
      // everything else is left to node_modules at run time.
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined;
        if (path.isAbsolute(args.path)) return undefined;
        return { path: args.path, external: true };
      });
      // Keep import.meta pointing at the module's own place in the image.
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!/\bimport\.meta\.(url|dirname|filename)\b/.test(source)) return undefined;
        const relative = encodeURI(posix(path.relative(finalDistDir, args.path)));
        const here = `new URL(${JSON.stringify(relative)}, import.meta.url)`;
        const contents = source.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_m, prop) =>
          prop === 'url'
            ? `${here}.href`
            : prop === 'filename'
              ? `__crucibleFileURLToPath(${here})`
              : `__crucibleDirname(__crucibleFileURLToPath(${here}))`,
        );
        const ext = path.extname(args.path);
        const loader = ext === '.tsx' ? 'tsx' : ext === '.jsx' ? 'jsx' : /^\.[cm]?ts$/.test(ext) ? 'ts' : 'js';
        return { contents, loader, resolveDir: path.dirname(args.path) };
      });
    },
  };

  const result = await esbuild({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    banner: {
      js: [
        "import { fileURLToPath as __crucibleFileURLToPath } from 'node:url';",
        "import { dirname as __crucibleDirname } from 'node:path';",
      ].join('\n'),
    },
    plugins: [workspacePlugin],
  });

  const output = result.metafile.outputs[posix(path.relative(root, outfile))];
  if (!output) throw new Error(`esbuild metafile has no entry for ${outfile}`);
  const statics = new Set();
  const dynamics = new Set();
  for (const imported of output.imports) {
    if (!imported.external || isBuiltin(imported.path) || imported.path.startsWith('node:')) continue;
    (imported.kind === 'dynamic-import' || imported.kind === 'require-call' ? dynamics : statics).add(
      packageName(imported.path),
    );
  }
  for (const name of statics) dynamics.delete(name);

  const workspaces = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    const absolute = path.resolve(root, input);
    if (absolute.includes(`${path.sep}node_modules${path.sep}`)) continue;
    const owner = workspaceOf(absolute);
    if (owner) workspaces.add(owner);
  }
  const assets = [];
  for (const owner of [...workspaces].sort()) {
    for (const dir of ASSET_DIRS) {
      const from = path.join(root, owner, dir);
      if (!existsSync(from)) continue;
      const rel = `${owner}/${dir}`;
      assets.push(rel);
      if (path.resolve(outRoot) !== root) cpSync(from, path.join(outRoot, rel), { recursive: true });
    }
  }

  const manifest = {
    entry: posix(path.relative(root, entry)),
    bundledWorkspaces: [...workspaces].sort(),
    externals: [...statics].sort(),
    optionalExternals: [...dynamics].sort(),
    assets,
  };
  mkdirSync(path.dirname(outfile), { recursive: true });
  writeFileSync(path.join(path.dirname(outfile), 'bundle.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const kib = Math.round(output.bytes / 1024);
  console.log(
    `bundled ${manifest.entry} -> ${posix(path.relative(root, outfile))} (${kib} KiB); workspaces: ${manifest.bundledWorkspaces.join(', ')}`,
  );
  console.log(`  externals: ${manifest.externals.join(', ') || '(none)'}`);
  if (manifest.optionalExternals.length)
    console.log(`  dynamic-only externals: ${manifest.optionalExternals.join(', ')}`);
  if (assets.length) console.log(`  assets: ${assets.join(', ')}`);
}

function verify() {
  const distDir = path.join(root, workspace, 'dist');
  const manifestFile = path.join(distDir, 'bundle.json');
  if (!existsSync(manifestFile)) usage(`no ${posix(path.relative(root, manifestFile))}; run build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const installed = (name) => {
    for (let dir = distDir; ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return true;
      if (dir === path.dirname(dir)) return false;
    }
  };
  const missing = manifest.externals.filter((name) => !installed(name));
  const missingOptional = manifest.optionalExternals.filter((name) => !installed(name));
  const missingAssets = manifest.assets.filter((rel) => !existsSync(path.join(root, rel)));
  if (missingOptional.length) {
    console.warn(
      `note: only imported dynamically and not installed (fine if that code path never runs in a pod): ${missingOptional.join(', ')}`,
    );
  }
  if (missing.length || missingAssets.length) {
    if (missing.length)
      console.error(
        `${workspace}: imported by the bundle but not installed as a production dependency: ${missing.join(', ')}`,
      );
    if (missingAssets.length)
      console.error(`${workspace}: runtime assets missing from the image: ${missingAssets.join(', ')}`);
    process.exit(1);
  }
  console.log(
    `${workspace}: ${manifest.externals.length} external packages and ${manifest.assets.length} asset folders present`,
  );
}

if (command === 'build') await build();
else if (command === 'verify') verify();
else usage(`unknown command ${command ?? '(none)'}`);
