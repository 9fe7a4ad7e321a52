/**
 * Contact-information privacy in the directory, tier by tier: each viewer level against members who
 * keep the default tier and members who set Core or Admin on their profile (applied from profile's
 * profile.settings.updated). The e-mail shows, and a search matches on it, only where proto's
 * `maySeeContactInfo` allows: admins always, the member themself, others at or above the tier.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_LEVELS, SUBJECTS, authRoutes as routes, maySeeContactInfo, type AccessLevel } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { callsWith, type TestCall } from '@crucible/test-kit';
import { startAuthHarness, type AuthHarness } from './testing/auth-harness.ts';

let auth: AuthHarness;
let call: TestCall;

/** Waits for a condition outside a test (beforeAll), failing after 10 s. */
function waitFor(condition: () => Promise<boolean>): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('condition not met within 10 s');
    },
    { timeout: 10_000, interval: 50 },
  );
}
const tag = String(randomInt(1e9, 1e10));

interface Target {
  id: string;
  email: string;
  lastName: string;
  tier: AccessLevel | null;
}
interface Viewer {
  id: string;
  level: AccessLevel;
  isAdmin: boolean;
  token: string;
}

const TIERS: (AccessLevel | null)[] = [null, 'Journeyman', 'Core', 'Admin'];
const targets: Target[] = [];
const viewers: Viewer[] = [];

async function viewerAt(level: AccessLevel): Promise<Viewer> {
  const member = await auth.signUp({ lastName: `Viewer${level}` });
  const isAdmin = level === 'Admin';
  await auth.sql('UPDATE users SET access_level = $2, is_admin = $3 WHERE id = $1', [member.id, level, isAdmin]);
  return { id: member.id, level, isAdmin, token: await auth.signIn(member.email, member.password) };
}

beforeAll(async () => {
  auth = await startAuthHarness();
  call = callsWith(auth.request);
  for (const [index, tier] of TIERS.entries()) {
    const lastName = `Target${tag}x${index}`;
    const email = `mail${tag}x${index}@privacy.test`;
    const [row] = await auth.sql<{ id: string }>(
      "INSERT INTO users (id, email, first_name, last_name, access_level) VALUES (gen_random_uuid(), $1, 'Tess', $2, 'Core') RETURNING id",
      [email, lastName],
    );
    targets.push({ id: row!.id, email, lastName, tier });
    if (tier) {
      const payload = { userId: row!.id, allowDirectMessages: true, showOnlineStatus: true, contactInfoVisible: tier };
      await auth.bus.publish(newEvent(SUBJECTS.profileSettingsUpdated, payload));
    }
  }
  for (const level of ACCESS_LEVELS) viewers.push(await viewerAt(level));
  // profile's events applied: every tier set is in auth's copy.
  await waitFor(
    async () =>
      (
        await auth.sql('SELECT 1 FROM users WHERE id = ANY($1::uuid[]) AND contact_info_visible IS NOT NULL', [
          targets.map((target) => target.id),
        ])
      ).length === TIERS.filter(Boolean).length,
  );
}, 120_000);

afterAll(async () => {
  await auth?.stop();
});

/** Members whose name or e-mail matches `q`, as the member with `token` finds them. */
const search = (q: string, token: string) => call(routes.searchUsers, { query: { q }, token });

const maySee = (viewer: Viewer, target: Target) =>
  maySeeContactInfo(
    { userId: viewer.id, accessLevel: viewer.level, isAdmin: viewer.isAdmin },
    { id: target.id, contactInfoVisible: target.tier },
  );

describe('e-mail in the directory, tier by tier', () => {
  it('follows the rule in name search results and the Core list, for every viewer level and tier', async () => {
    for (const viewer of viewers) {
      const byName = await search(`Target${tag}`, viewer.token);
      const core = await call(routes.coreUsers, { token: viewer.token });
      for (const target of targets) {
        const expected = maySee(viewer, target) ? target.email : null;
        const label = `${viewer.level} viewing tier ${target.tier ?? 'default'}`;
        expect(byName.find((user) => user.id === target.id)?.email, `search: ${label}`).toBe(expected);
        expect(core.find((user) => user.id === target.id)?.email, `core: ${label}`).toBe(expected);
      }
    }
  });

  it('matches an e-mail fragment only where the viewer may see that address', async () => {
    for (const viewer of viewers) {
      for (const [index, target] of targets.entries()) {
        const found = await search(`mail${tag}x${index}`, viewer.token);
        const label = `${viewer.level} searching tier ${target.tier ?? 'default'}`;
        expect(
          found.map((user) => user.id),
          label,
        ).toEqual(maySee(viewer, target) ? [target.id] : []);
      }
    }
  });

  it("shows a member their own address whatever their tier, and the rule's table is what it says", async () => {
    const member = await auth.signUp({ lastName: `Self${tag}` });
    await auth.bus.publish(
      newEvent(SUBJECTS.profileSettingsUpdated, {
        userId: member.id,
        allowDirectMessages: true,
        showOnlineStatus: true,
        contactInfoVisible: 'Admin',
      }),
    );
    await expect
      .poll(async () => (await auth.sql('SELECT contact_info_visible FROM users WHERE id = $1', [member.id]))[0])
      .toEqual({ contact_info_visible: 'Admin' });
    const own = await search(`Self${tag}`, member.token);
    expect(own.map((user) => user.email)).toEqual([member.email]);
    // A Core tier admits Core and admins only; the default admits Apprentice and above.
    const apprentice = viewers.find((viewer) => viewer.level === 'Apprentice')!;
    const core = viewers.find((viewer) => viewer.level === 'Core')!;
    expect(targets.map((target) => maySee(apprentice, target))).toEqual([true, false, false, false]);
    expect(targets.map((target) => maySee(core, target))).toEqual([true, true, true, false]);
  });
});
