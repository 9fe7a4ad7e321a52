import { forumRoutes, profileRoutes } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

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

const SECOND = 1000;

/** A refusal (403) or absence (404) will not change on retry; only other failures are retried. */
const isFinal = (error: Error) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Spec 3 section 9: the profile is retried 3 times with exponential back-off capped at 30 s. */
export function useProfile(userId: string) {
  return useQuery({
    queryKey: profileKey(userId),
    queryFn: () => callRoute(profileRoutes.getProfile, { params: { id: userId } }),
    retry: (failures, error) => !isFinal(error) && failures < 3,
    retryDelay: (attempt) => Math.min(SECOND * 2 ** attempt, 30 * SECOND),
  });
}

export const useWorkplaces = (userId: string, enabled = true) =>
  useQuery({
    queryKey: workplacesKey(userId),
    queryFn: () => callRoute(profileRoutes.listWorkplaces, { params: { id: userId } }),
    enabled,
  });
export const useEducation = (userId: string, enabled = true) =>
  useQuery({
    queryKey: educationKey(userId),
    queryFn: () => callRoute(profileRoutes.listEducation, { params: { id: userId } }),
    enabled,
  });
/** A member without an assessment yet answers null (the tracker then offers to start one). */
export const useLeadership = (userId: string) =>
  useQuery({
    queryKey: leadershipKey(userId),
    queryFn: () => callRoute(profileRoutes.getLeadership, { params: { id: userId } }),
  });
export const useSkills = (userId: string) =>
  useQuery({
    queryKey: skillsKey(userId),
    queryFn: () => callRoute(profileRoutes.listSkills, { params: { id: userId } }),
  });
export const useStats = (userId: string) =>
  useQuery({
    queryKey: statsKey(userId),
    queryFn: () => callRoute(profileRoutes.getStats, { params: { id: userId } }),
  });
export const useAnalytics = (userId: string, enabled: boolean) =>
  useQuery({
    queryKey: analyticsKey(userId),
    queryFn: () => callRoute(profileRoutes.getAnalytics, { params: { id: userId } }),
    enabled,
  });
export const usePrivacy = (userId: string, enabled = true) =>
  useQuery({
    queryKey: privacyKey(userId),
    queryFn: () => callRoute(profileRoutes.getPrivacy, { params: { id: userId } }),
    enabled,
  });
/** Spec 3 section 9: the watched list is fresh for 60 s. */
export const useWatched = (userId: string, enabled: boolean) =>
  useQuery({
    queryKey: watchedKey(userId),
    queryFn: () => callRoute(forumRoutes.listWatched, { params: { id: userId } }),
    enabled,
    staleTime: 60 * SECOND,
  });

export const isPrivateError = (error: Error | null) => error instanceof ApiError && error.status === 403;
