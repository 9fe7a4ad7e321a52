import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { prefetchMemberScreens } from './prefetch-member-screens.ts';

const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./layout/MemberHeader.tsx', () => {
  loaded.add('MemberHeader');
  return { default: () => null };
});
vi.mock('../features/dashboard/routes/DashboardPage.tsx', () => {
  loaded.add('DashboardPage');
  return { default: () => null };
});

const storage = (token: string | null) => ({
  getItem: (key: string) => (key === STORAGE_KEYS.authToken ? token : null),
});

async function prefetchAt(path: string, token: string | null) {
  window.history.replaceState(null, '', path);
  await Promise.all(prefetchMemberScreens(storage(token)));
  // A module's factory runs once, at its first load: the set lists every module loaded so far.
  return [...loaded].sort();
}

describe('prefetchMemberScreens', () => {
  it('loads nothing without a token, the member header with one, and the dashboard only on /', async () => {
    expect(await prefetchAt('/', null)).toEqual([]);
    expect(await prefetchAt('/forums', 'a-token')).toEqual(['MemberHeader']);
    expect(await prefetchAt('/', 'a-token')).toEqual(['DashboardPage', 'MemberHeader']);
  });
});
