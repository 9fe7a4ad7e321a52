import { STORAGE_KEYS } from '../lib/storage-keys.ts';

/**
 * A browser that holds a token most likely opens a member screen: the member chunk (the member
 * header and the dashboard, one file by the build's chunk groups) is fetched now, alongside the
 * session check, instead of after it answers. The lazy imports later find it loaded. A failed fetch
 * here is left to those imports to meet and report. Answers the loads it started.
 */
export function prefetchMemberScreens(storage: Pick<Storage, 'getItem'> = localStorage): Promise<unknown>[] {
  if (!storage.getItem(STORAGE_KEYS.authToken)) return [];
  const started: Promise<unknown>[] = [import('./layout/MemberHeader.tsx')];
  if (location.pathname === '/') started.push(import('../features/dashboard/routes/DashboardPage.tsx'));
  return started.map((loading) => loading.catch(() => undefined));
}
