import { forumRoutes, profileRoutes } from '@crucible/proto';
import { routeQueryKey } from '../../../lib/api-client.ts';

/** Keys derive from the routes (routeQueryKey); every read of a member's profile nests under userKey. */
export const profileKey = (userId: string) => routeQueryKey(profileRoutes.getProfile, { params: { id: userId } });
/** The member's resource key (the profile key's first two parts): invalidating it refreshes the profile, work, education and every other read below. */
export const userKey = (userId: string) => profileKey(userId).slice(0, 2);
export const workplacesKey = (userId: string) =>
  routeQueryKey(profileRoutes.listWorkplaces, { params: { id: userId } });
export const educationKey = (userId: string) => routeQueryKey(profileRoutes.listEducation, { params: { id: userId } });
export const leadershipKey = (userId: string) => routeQueryKey(profileRoutes.getLeadership, { params: { id: userId } });
export const skillsKey = (userId: string) => routeQueryKey(profileRoutes.listSkills, { params: { id: userId } });
export const statsKey = (userId: string) => routeQueryKey(profileRoutes.getStats, { params: { id: userId } });
export const analyticsKey = (userId: string) => routeQueryKey(profileRoutes.getAnalytics, { params: { id: userId } });
export const privacyKey = (userId: string) => routeQueryKey(profileRoutes.getPrivacy, { params: { id: userId } });
export const watchedKey = (userId: string) => routeQueryKey(forumRoutes.listWatched, { params: { id: userId } });
