/**
 * The member directory: search by name and e-mail, the member count and the Core list. E-mail
 * addresses follow contact-information privacy (default: Apprentice and above, and admins; the
 * per-member tiers are crossed with every viewer level in contact-privacy.int.test.ts).
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes as routes, type AccessLevel } from '@crucible/proto';
import { callsWith, type TestCall } from '@crucible/test-kit';
import { startAuthHarness, type AuthHarness, type SignedUp } from './testing/auth-harness.ts';

let auth: AuthHarness;
let call: TestCall;
interface Member {
  id: string;
  email: string;
}

let searcher: SignedUp;
let byFirstName: Member;
let byLastName: Member;
let byEmail: Member;
let unrelated: Member;

/** Digits only, so no generated part of an address can contain the letters searched for. */
const digits = () => String(randomInt(1e9, 1e10));

/** Members other than the searcher need no password: written straight to the table, which is quicker than argon2. */
async function insertMember(email: string, firstName: string, lastName: string): Promise<Member> {
  const [row] = await auth.sql<{ id: string }>(
    'INSERT INTO users (id, email, first_name, last_name) VALUES (gen_random_uuid(), $1, $2, $3) RETURNING id',
    [email, firstName, lastName],
  );
  return { id: row!.id, email };
}

beforeAll(async () => {
  auth = await startAuthHarness();
  call = callsWith(auth.request);
  const signedUp = await auth.signUp({ email: `s${digits()}@dir.test`, firstName: 'Sam', lastName: 'Seeker' });
  // An Apprentice, the lowest tier that sees addresses; a new session carries the level.
  await auth.sql("UPDATE users SET access_level = 'Apprentice' WHERE id = $1", [signedUp.id]);
  searcher = { ...signedUp, token: await auth.signIn(signedUp.email, signedUp.password) };
  byFirstName = await insertMember(`f${digits()}@dir.test`, 'Adalyn', 'Zephyr');
  byLastName = await insertMember(`l${digits()}@dir.test`, 'Bob', 'Bradford');
  byEmail = await insertMember(`nomad${digits()}@dir.test`, 'Cy', 'Quill');
  unrelated = await insertMember(`u${digits()}@dir.test`, 'Eve', 'Stone');
});

afterAll(async () => {
  await auth?.stop();
});

/** The members a search finds, answered 200 unless `expect` names another status. */
function search(q: string, token = searcher.token, expect?: number) {
  return call(routes.searchUsers, { query: { q }, token, expect });
}

const idsOf = (users: { id: string }[]) => users.map((user) => user.id);

describe('member search', () => {
  it('needs at least 2 characters', async () => {
    for (const q of ['a', ' a ', '']) {
      expect(await search(q, searcher.token, 400)).toMatchObject({ message: 'Search needs at least 2 characters' });
    }
    await call(routes.searchUsers, { token: searcher.token, expect: 400 });
    // Raw: a repeated query key, which the contract's query cannot express.
    expect((await auth.request('/api/users/search?q=ad&q=ad', { token: searcher.token })).status).toBe(400);
    await search('a'.repeat(101), searcher.token, 400);
  });

  it('finds by first name, last name and e-mail substring, in any letter case', async () => {
    for (const q of ['ad', 'AD', 'aD']) {
      expect(idsOf(await search(q)).sort(), q).toEqual([byFirstName.id, byLastName.id, byEmail.id].sort());
    }
  });

  it('finds by full name and answers only what members may see of each other', async () => {
    expect(await search('adalyn zeph')).toEqual([
      {
        id: byFirstName.id,
        email: byFirstName.email,
        firstName: 'Adalyn',
        lastName: 'Zephyr',
        profileImageUrl: null,
        accessLevel: 'Public',
      },
    ]);
    expect(await search('stone')).toEqual([expect.objectContaining({ id: unrelated.id })]);
    expect(await search('nobody-matches-this')).toEqual([]);
  });

  it('shows a Public member names only: no addresses in the answers, and no finding members by e-mail', async () => {
    const viewer = await auth.signUp({ email: `p${digits()}@dir.test` });
    expect(idsOf(await search('ad', viewer.token)).sort()).toEqual([byFirstName.id, byLastName.id].sort());
    expect(await search('adalyn zeph', viewer.token)).toEqual([
      {
        id: byFirstName.id,
        email: null,
        firstName: 'Adalyn',
        lastName: 'Zephyr',
        profileImageUrl: null,
        accessLevel: 'Public',
      },
    ]);
    expect(await search('nomad', viewer.token)).toEqual([]);
    // Only their own address, the one they may see, is matched.
    expect(idsOf(await search('dir.test', viewer.token))).toEqual([viewer.id]);
    // Their own address is theirs to see.
    expect(await search('test member', viewer.token)).toContainEqual(
      expect.objectContaining({ id: viewer.id, email: viewer.email }),
    );
  });

  it('treats LIKE wildcards as plain text', async () => {
    for (const q of ['%%', '__', '_d', 'a%', '\\%']) expect(await search(q), q).toEqual([]);
    const literal = await insertMember(`w${digits()}@dir.test`, 'Per_cent%', 'Back\\slash');
    for (const q of ['r_c', 't%', 'k\\s']) {
      expect(idsOf(await search(q)), q).toEqual([literal.id]);
    }
  });

  it('answers at most 20 members', async () => {
    await auth.sql(
      "INSERT INTO users (id, email, first_name, last_name) SELECT gen_random_uuid(), 'many' || n || '@dir.test', 'Manyfold', 'Member' || n FROM generate_series(1, 22) AS n",
    );
    expect(await search('manyfold')).toHaveLength(20);
  });

  it('with minAccessLevel lists only members at or above it, and admins whatever their level', async () => {
    const surname = `Reader${digits()}`;
    const at = async (level: string, isAdmin = false) => {
      const member = await insertMember(`r${digits()}@dir.test`, level, surname);
      await auth.sql('UPDATE users SET access_level = $1, is_admin = $2 WHERE id = $3', [level, isAdmin, member.id]);
      return member.id;
    };
    // No Core member: the Core list below starts from none.
    const [publicMember, apprentice, journeyman, master, levelAdmin, flaggedAdmin] = [
      await at('Public'),
      await at('Apprentice'),
      await at('Journeyman'),
      await at('Master'),
      await at('Admin', true),
      await at('Apprentice', true),
    ];
    const ids = async (minAccessLevel?: AccessLevel) =>
      idsOf(await call(routes.searchUsers, { query: { q: surname, minAccessLevel }, token: searcher.token })).sort();
    expect(await ids()).toEqual([publicMember, apprentice, journeyman, master, levelAdmin, flaggedAdmin].sort());
    expect(await ids('Journeyman')).toEqual([journeyman, master, levelAdmin, flaggedAdmin].sort());
    expect(await ids('Core')).toEqual([levelAdmin, flaggedAdmin].sort());
    expect(await ids('Admin')).toEqual([levelAdmin, flaggedAdmin].sort());
  });

  it('refuses an unknown or repeated minAccessLevel with 400', async () => {
    for (const query of [
      'minAccessLevel=Wizard',
      'minAccessLevel=journeyman',
      'minAccessLevel=',
      'minAccessLevel=Core&minAccessLevel=Core',
    ]) {
      // Raw: levels outside the contract's enum and a repeated key, which its typed query cannot express.
      const response = await auth.request(`/api/users/search?q=ad&${query}`, { token: searcher.token });
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
  });

  it('is for signed-in members only', async () => {
    await call(routes.searchUsers, { query: { q: 'ad' }, expect: 401 });
    await call(routes.countUsers, { expect: 401 });
    await call(routes.coreUsers, { expect: 401 });
  });
});

describe('member count and Core list', () => {
  it('counts every member', async () => {
    const [{ count } = { count: '-1' }] = await auth.sql<{ count: string }>('SELECT count(*) FROM users');
    expect(await call(routes.countUsers, { token: searcher.token })).toEqual({ count: Number(count) });
    await auth.signUp();
    expect(await call(routes.countUsers, { token: searcher.token })).toEqual({ count: Number(count) + 1 });
  });

  it('lists only Core members', async () => {
    expect(await call(routes.coreUsers, { token: searcher.token })).toEqual([]);
    await auth.sql("UPDATE users SET access_level = 'Core' WHERE id = ANY($1::uuid[])", [[byLastName.id, byEmail.id]]);
    await auth.sql("UPDATE users SET access_level = 'Admin', is_admin = true WHERE id = $1", [unrelated.id]);
    await auth.sql("UPDATE users SET access_level = 'Master' WHERE id = $1", [byFirstName.id]);
    const core = await call(routes.coreUsers, { token: searcher.token });
    expect(idsOf(core).sort()).toEqual([byLastName.id, byEmail.id].sort());
    expect(core.every((user) => user.accessLevel === 'Core')).toBe(true);
    expect(core.map((user) => user.email).sort()).toEqual([byLastName.email, byEmail.email].sort());

    const publicViewer = await auth.signUp();
    const seenByPublic = await call(routes.coreUsers, { token: publicViewer.token });
    expect(idsOf(seenByPublic).sort()).toEqual([byLastName.id, byEmail.id].sort());
    expect(seenByPublic.map((user) => user.email)).toEqual([null, null]);
  });

  it('leaves a deactivated Core member out of the Core list', async () => {
    const paused = await insertMember(`p${digits()}@dir.test`, 'Pat', 'Paused');
    await auth.sql("UPDATE users SET access_level = 'Core', deactivated_at = now() WHERE id = $1", [paused.id]);
    const core = await call(routes.coreUsers, { token: searcher.token });
    expect(idsOf(core)).not.toContain(paused.id);
    await auth.sql('UPDATE users SET deactivated_at = NULL WHERE id = $1', [paused.id]);
    const again = await call(routes.coreUsers, { token: searcher.token });
    expect(idsOf(again)).toContain(paused.id);
  });

  it('leaves a suspended Core member out of the Core list until the suspension ends', async () => {
    const suspended = await insertMember(`s${digits()}@dir.test`, 'Sue', 'Suspended');
    await auth.sql(
      "UPDATE users SET access_level = 'Core', suspended_until = now() + interval '1 hour' WHERE id = $1",
      [suspended.id],
    );
    const core = await call(routes.coreUsers, { token: searcher.token });
    expect(idsOf(core)).not.toContain(suspended.id);
    await auth.sql("UPDATE users SET suspended_until = now() - interval '1 second' WHERE id = $1", [suspended.id]);
    const after = await call(routes.coreUsers, { token: searcher.token });
    expect(idsOf(after)).toContain(suspended.id);
  });
});
