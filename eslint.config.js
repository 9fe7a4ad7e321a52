// Lint rules of the repository (npm run lint; part of npm test). Formatting is Prettier's (.prettierrc),
// so nothing here is about layout. The import boundaries of services/README.md section 5 are rules, not habits.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersIn('./web/src/features/');
/** The composition root runs every service in one process, so it alone may import them. */
const COMPOSITION_ROOT = 'launcher';
/** Libraries every service may import: the runtime, and the kits its tests and benches stand on. */
const KITS = ['test-kit', 'bench-kit'];
const LIBRARIES = ['platform', ...KITS];
const services = foldersIn('./services/').filter((name) => !LIBRARIES.includes(name) && name !== COMPOSITION_ROOT);

const SERVICE_RULE =
  'a service imports only the platform, the kits and proto; ask another service over the bus (services/README.md section 2)';
const FEATURE_RULE =
  'no imports across web features: move what both need to web/src/components or web/src/lib (web/README.md)';

/** Zones for import-x/no-restricted-paths: files in `target` may not import from `from` (paths resolved, workspace packages included). */
const boundaries = [
  ...services.map((service) => ({
    target: `./services/${service}`,
    from: ['./services', './gateway', './web'],
    except: [`./${service}`, ...LIBRARIES.map((library) => `./${library}`)],
    message: SERVICE_RULE,
  })),
  {
    target: './gateway',
    from: ['./services', './web'],
    except: LIBRARIES.map((library) => `./${library}`),
    message: 'the gateway imports only the platform, the kits and proto',
  },
  {
    target: './services/platform',
    from: ['./services', './gateway', './web'],
    except: ['./platform', './test-kit'],
    message: 'the platform knows no service',
  },
  {
    target: './services/test-kit',
    from: ['./services', './gateway', './web'],
    except: ['./test-kit', './platform'],
    message: 'the test kit stands on the platform and proto only',
  },
  {
    target: './services/bench-kit',
    from: ['./services', './gateway', './web'],
    except: ['./bench-kit', './test-kit', './platform'],
    message: 'the bench kit stands on the test kit, the platform and proto only',
  },
  {
    target: './proto',
    from: ['./services', './gateway', './web'],
    message: 'proto is the contract everything imports; it imports none of them',
  },
  // The web app talks to the product over HTTP only; its browser tests may use the test kit.
  {
    target: './web/src',
    from: ['./services', './gateway'],
    message: 'the web app reaches the services over HTTP, through proto contracts',
  },
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: FEATURE_RULE,
  })),
];

/** The platform's tests and their helpers, which may use the test kit its runtime code never imports. */
const PLATFORM_TEST_FILES = [
  'services/platform/src/**/*.test.ts',
  'services/platform/src/**/*.contract.ts',
  'services/platform/src/**/test-support.ts',
];
const platformRuntimeBoundary = {
  target: './services/platform',
  from: KITS.map((kit) => `./services/${kit}`),
  message: "the platform's runtime code does not use the kits; only its tests use the test kit",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/generated/',
      '**/coverage/',
      '**/test-results/',
      '.data/',
      '**/.data/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, platformRuntimeBoundary] }],
      // Arguments and catch bindings named with a leading underscore are unused on purpose (Express signatures).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: PLATFORM_TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // The gateway's integration tests (and their kit) run a real auth service for real tokens; its code never may.
    files: ['gateway/src/**/*.int.test.ts', 'gateway/src/testing/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // k6 scripts run in k6's own runtime, which provides __ENV.
    files: ['deploy/k6/**/*.ts'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
);
