// Started detached by cleanup.ts: `node reaper.mjs <benchPid> <stateFile>`. When the benchmark
// process disappears without having cleaned up (SIGKILL, or tsx's signal relay killing it when it
// does not acknowledge a Ctrl-C within 30 ms), this kills the product process groups and drops the
// databases listed in the state file. It exits as soon as the state file is gone (a normal end), and
// after an hour in any case. Plain JavaScript, so it needs nothing but node.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const [benchPidText, stateFile] = process.argv.slice(2);
const benchPid = Number(benchPidText);
const giveUpAt = Date.now() + 60 * 60_000;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function reap() {
  let state = { groups: [], databases: [] };
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    // nothing readable: nothing to do
  }
  for (const pid of state.groups ?? []) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const { adminUrl, name } of state.databases ?? []) {
    spawnSync('psql', [adminUrl, '-q', '-c', `drop database if exists "${name}" with (force)`], {
      stdio: 'ignore',
      timeout: 15_000,
    });
  }
  rmSync(stateFile, { force: true });
}

const timer = setInterval(() => {
  if (!stateFile || !existsSync(stateFile) || Date.now() > giveUpAt) {
    clearInterval(timer);
    return;
  }
  if (isAlive(benchPid)) return;
  clearInterval(timer);
  reap();
}, 250);
