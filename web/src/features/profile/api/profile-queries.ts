import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';
import type {
  ConversationPreview,
  Education,
  LeadershipProgress,
  PrivacySettings,
  Profile,
  ProfileAnalytics,
  Skill,
  UserStats,
  WatchedDiscussionPreview,
  Workplace,
} from './types.ts';

/** Keys are the URLs split into parts, so the default query function fetches them (web/README.md). */
export const userKey = (userId: string) => ['/api/users', userId] as const;
export const profileKey = (userId: string) => [...userKey(userId), 'profile'] as const;
export const workplacesKey = (userId: string) => [...userKey(userId), 'workplaces'] as const;
export const educationKey = (userId: string) => [...userKey(userId), 'education'] as const;
export const leadershipKey = (userId: string) => [...userKey(userId), 'leadership-progress'] as const;
export const skillsKey = (userId: string) => [...userKey(userId), 'skills'] as const;
export const statsKey = (userId: string) => [...userKey(userId), 'stats'] as const;
export const analyticsKey = (userId: string) => [...userKey(userId), 'analytics'] as const;
export const privacyKey = (userId: string) => [...userKey(userId), 'privacy'] as const;
export const watchedKey = (userId: string) => [...userKey(userId), 'watched'] as const;
export const CONVERSATIONS_KEY = ['/api/direct-messages', 'conversations'] as const;

const SECOND = 1000;

/** A refusal (403) or absence (404) will not change on retry; only other failures are retried. */
const isFinal = (error: Error) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Spec 3 section 9: the profile is retried 3 times with exponential back-off capped at 30 s. */
export function useProfile(userId: string) {
  return useQuery<Profile>({
    queryKey: profileKey(userId),
    retry: (failures, error) => !isFinal(error) && failures < 3,
    retryDelay: (attempt) => Math.min(SECOND * 2 ** attempt, 30 * SECOND),
  });
}

export const useWorkplaces = (userId: string, enabled = true) =>
  useQuery<Workplace[]>({ queryKey: workplacesKey(userId), enabled });
export const useEducation = (userId: string, enabled = true) =>
  useQuery<Education[]>({ queryKey: educationKey(userId), enabled });
/** A member without an assessment yet answers null (the tracker then offers to start one). */
export const useLeadership = (userId: string) =>
  useQuery<LeadershipProgress | null>({ queryKey: leadershipKey(userId) });
export const useSkills = (userId: string) => useQuery<Skill[]>({ queryKey: skillsKey(userId) });
export const useStats = (userId: string) => useQuery<UserStats>({ queryKey: statsKey(userId) });
export const useAnalytics = (userId: string, enabled: boolean) =>
  useQuery<ProfileAnalytics>({ queryKey: analyticsKey(userId), enabled });
export const usePrivacy = (userId: string, enabled = true) =>
  useQuery<PrivacySettings>({ queryKey: privacyKey(userId), enabled });
/** Spec 3 section 9: the watched list is fresh for 60 s. */
export const useWatched = (userId: string, enabled: boolean) =>
  useQuery<WatchedDiscussionPreview[]>({ queryKey: watchedKey(userId), enabled, staleTime: 60 * SECOND });
export const useConversations = (enabled: boolean) =>
  useQuery<ConversationPreview[]>({ queryKey: CONVERSATIONS_KEY, enabled });

export const isPrivateError = (error: Error | null) => error instanceof ApiError && error.status === 403;
