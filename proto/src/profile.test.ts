import { describe, expect, it } from 'vitest';
import {
  engagementLevel,
  leadershipInputSchema,
  leadershipScores,
  privacyFormToPatch,
  profilePatchSchema,
  skillInputSchema,
} from './profile.ts';

describe('profile contracts', () => {
  it('computes k x (V + I + P) and the rounded mean of the three scores', () => {
    expect(
      leadershipScores({ visionScore: 50, integrityScore: 55, passionScore: 60, leadershipCoefficient: 1.5 }),
    ).toEqual({
      leadershipScore: 247.5,
      overallScore: 55,
    });
    expect(
      leadershipScores({ visionScore: 5, integrityScore: 0, passionScore: 0, leadershipCoefficient: 1 }).overallScore,
    ).toBe(2);
  });

  it('falls back to a coefficient of 1 when it is not numeric and refuses scores off the 5-step grid', () => {
    const parsed = leadershipInputSchema.parse({
      visionScore: 10,
      integrityScore: 20,
      passionScore: 30,
      leadershipCoefficient: 'x',
    });
    expect(parsed.leadershipCoefficient).toBe(1);
    const refused = leadershipInputSchema.safeParse({
      visionScore: 12,
      integrityScore: 20,
      passionScore: 30,
      leadershipCoefficient: 1,
    });
    expect(refused.error?.issues[0]?.message).toBe('Scores must be between 0 and 100 in steps of 5');
    expect(
      leadershipInputSchema.safeParse({
        visionScore: 10,
        integrityScore: 20,
        passionScore: 30,
        leadershipCoefficient: 5.1,
      }).success,
    ).toBe(false);
  });

  it('says the fixed text for an overlong bio', () => {
    const result = profilePatchSchema.safeParse({ bio: 'x'.repeat(1001) });
    expect(result.error?.issues[0]?.message).toBe('Bio must be 1000 characters or less');
  });

  it('requires a trimmed skill name and keeps years within 0 to 50', () => {
    expect(skillInputSchema.safeParse({ skillName: '  ', category: 'Technical' }).error?.issues[0]?.message).toBe(
      'Skill name is required',
    );
    expect(skillInputSchema.safeParse({ skillName: 'Go', category: 'Technical', yearsExperience: 51 }).success).toBe(
      false,
    );
  });

  it('maps the privacy form: work and education follow the profile, analytics always Core', () => {
    const patch = privacyFormToPatch({
      profileVisibility: 'Master',
      skillsVisibility: 'Public',
      leadershipProgressVisibility: 'Core',
      contactInfoVisibility: 'Journeyman',
      activityFeedVisibility: 'Master',
      allowDirectMessages: false,
      allowSkillEndorsements: true,
      showOnlineStatus: false,
      allowMentorshipRequests: true,
      allowAnalyticsTracking: true,
    });
    expect(patch).toMatchObject({
      workExperienceVisible: 'Master',
      educationVisible: 'Master',
      analyticsVisible: 'Core',
      activityFeedVisible: 'Master',
    });
  });

  it('names the engagement level by total points', () => {
    expect(engagementLevel(15000).label).toBe('Exceptional');
    expect(engagementLevel(1499).label).toBe('Moderate');
    expect(engagementLevel(0)).toMatchObject({ label: 'Starting', percent: 5 });
  });
});
