import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { readZip } from '@crucible/test-kit';
import { createZip } from './zip.ts';

const run = promisify(execFile);
let dir: string | undefined;

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const entries = [
  { name: 'README.txt', content: 'What is in here\n' },
  { name: 'forum.json', content: JSON.stringify({ replies: [{ content: 'Grüße — ✓'.repeat(200) }] }) },
  { name: 'empty.json', content: '' },
];

it('writes an archive the system unzip tests clean and extracts byte for byte', async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-test-'));
  const file = join(dir, 'export.zip');
  await writeFile(file, createZip(entries));
  const tested = await run('unzip', ['-t', file]);
  expect(tested.stdout).toContain('No errors detected');
  for (const entry of entries) {
    const { stdout } = await run('unzip', ['-p', file, entry.name], { encoding: 'buffer' });
    expect(stdout.toString('utf8')).toBe(entry.content);
  }
});

it('reads back through the test reader with names, contents and order kept', () => {
  expect(readZip(createZip(entries))).toEqual(new Map(entries.map((entry) => [entry.name, entry.content])));
});
