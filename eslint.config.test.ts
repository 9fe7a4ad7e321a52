import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: import.meta.dirname });

/** The rules that fire for `code` as if it were the file at `path` (the file need not exist). */
async function rulesFiredFor(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

// The first lint loads both TypeScript projects for the import resolver: seconds on a busy machine.
describe('the import boundaries (services/README.md section 5)', { timeout: 60_000 }, () => {
  it('refuses a service importing another service, by package or by path', async () => {
    const fired = await rulesFiredFor(
      'services/forum/src/boundary-probe.ts',
      "import { createAuthService } from '@crucible/auth';\nimport { SERVICE_STARTERS } from '../../launcher/src/registry.ts';\nexport const probe = [createAuthService, SERVICE_STARTERS];\n",
    );
    expect(fired).toEqual(['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);
  });

  it('lets a service import the platform and proto', async () => {
    const fired = await rulesFiredFor(
      'services/forum/src/boundary-probe.ts',
      "import { loadConfig } from '@crucible/platform';\nimport { SERVICES } from '@crucible/proto';\nexport const probe = [loadConfig, SERVICES];\n",
    );
    expect(fired).toEqual([]);
  });

  it('lets a service and the gateway use the test kit and the bench kit', async () => {
    const code =
      "import { startServiceHarness } from '@crucible/test-kit';\nimport { createReport } from '@crucible/bench-kit';\nexport const probe = [startServiceHarness, createReport];\n";
    expect(await rulesFiredFor('services/forum/src/boundary-probe.int.test.ts', code)).toEqual([]);
    expect(await rulesFiredFor('gateway/bench/boundary-probe.ts', code)).toEqual([]);
  });

  it("refuses the platform's runtime code importing a kit, and lets its tests use the test kit", async () => {
    const code = "import { freePort } from '@crucible/test-kit';\nexport const probe = freePort;\n";
    expect(await rulesFiredFor('services/platform/src/http/boundary-probe.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesFiredFor('services/platform/src/http/boundary-probe.int.test.ts', code)).toEqual([]);
  });

  it('refuses the test kit importing a service', async () => {
    const fired = await rulesFiredFor(
      'services/test-kit/src/boundary-probe.ts',
      "import { createForumService } from '@crucible/forum';\nexport const probe = createForumService;\n",
    );
    expect(fired).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses the gateway importing a service', async () => {
    const fired = await rulesFiredFor(
      'gateway/src/boundary-probe.ts',
      "import { createForumService } from '@crucible/forum';\nexport const probe = createForumService;\n",
    );
    expect(fired).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses one web feature importing another', async () => {
    const fired = await rulesFiredFor(
      'web/src/features/forums/boundary-probe.ts',
      "import { featureFlags } from '../flags/feature-flags.ts';\nexport const probe = featureFlags;\n",
    );
    expect(fired).toEqual(['import-x/no-restricted-paths']);
  });

  it('checks the rules of hooks in the web app', async () => {
    const fired = await rulesFiredFor(
      'web/src/components/boundary-probe.tsx',
      "import { useState } from 'react';\nexport function Probe({ open }: { open: boolean }) {\n  if (open) useState(0);\n  return null;\n}\n",
    );
    expect(fired).toContain('react-hooks/rules-of-hooks');
  });
});
