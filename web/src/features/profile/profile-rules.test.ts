import { describe, expect, it } from 'vitest';
import type { Profile } from '@crucible/proto';
import {
  COMPLETENESS_WEIGHTS,
  completenessColour,
  educationToSave,
  engagementLevel,
  leadershipScores,
  pictureRefusal,
  privacyToServer,
  DEFAULT_PRIVACY_FORM,
  profileCompleteness,
  proficiencyLabel,
  proficiencyPercent,
  textErrors,
  workplacesToSave,
  type EducationEntry as Education,
  type WorkplaceEntry as Workplace,
} from './profile-rules.ts';

const blank: Profile = {
  id: 'u1',
  email: 'a@example.com',
  joinedAt: '2026-01-01T00:00:00Z',
  accessLevel: 'Apprentice',
  profileImageUrl: null,
  alchemicalSymbols: [],
  certificationLevels: [],
  firstName: null,
  lastName: null,
  preferredName: null,
  jobTitle: null,
  birthday: null,
  phoneNumber: null,
  currentLocation: null,
  preferredContactMethod: null,
  bio: null,
  personalMission: null,
  leadershipPhilosophy: null,
  personalStory: null,
  professionalJourney: null,
  leadershipExperience: null,
  crucibleConnection: null,
  leadershipJourney: null,
  careerGoals: null,
  picture: null,
  isAdmin: false,
  dateProfileUpdated: null,
  contactInfoHidden: false,
  canEdit: false,
  canMessage: false,
};
const work: Workplace = {
  companyName: 'Acme',
  jobTitle: null,
  startDate: null,
  endDate: null,
  isCurrent: true,
  description: null,
  location: null,
};
const school: Education = {
  institution: 'MIT',
  degree: null,
  fieldOfStudy: null,
  startDate: null,
  endDate: null,
  isOngoing: false,
  description: null,
  location: null,
};

describe('profile completeness', () => {
  it('weighs to a total of 22.5', () => {
    expect(Object.values(COMPLETENESS_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(22.5);
  });

  it('counts each field by its weight', () => {
    expect(profileCompleteness(blank, [], [])).toBe(0);
    expect(profileCompleteness({ ...blank, firstName: 'Ada' }, [], [])).toBe(Math.round((1 / 22.5) * 100));
    expect(profileCompleteness({ ...blank, birthday: '01/02' }, [], [])).toBe(Math.round((0.5 / 22.5) * 100));
    expect(profileCompleteness(blank, [work], [])).toBe(Math.round((2 / 22.5) * 100));
    expect(profileCompleteness(blank, [], [school])).toBe(Math.round((1.5 / 22.5) * 100));
    expect(profileCompleteness({ ...blank, personalStory: 'x' }, [], [])).toBe(Math.round((1.5 / 22.5) * 100));
    expect(profileCompleteness({ ...blank, profileImageUrl: '/blobs/a.png' }, [], [])).toBe(4);
  });

  it('does not count blank text', () => {
    expect(profileCompleteness({ ...blank, firstName: '   ' }, [], [])).toBe(0);
  });

  it('reaches 100 with everything filled', () => {
    const full = Object.fromEntries(Object.entries(blank).map(([k, v]) => [k, v === null ? 'x' : v])) as Profile;
    expect(profileCompleteness(full, [work], [school])).toBe(100);
  });

  it('is green from 80, yellow from 60, red below', () => {
    expect(completenessColour(100)).toBe('success');
    expect(completenessColour(80)).toBe('success');
    expect(completenessColour(79)).toBe('warning');
    expect(completenessColour(60)).toBe('warning');
    expect(completenessColour(59)).toBe('error');
    expect(completenessColour(0)).toBe('error');
  });
});

describe('leadership, skills and engagement', () => {
  it('scores k x (V + I + P) with the overall the rounded mean', () => {
    expect(leadershipScores(80, 70, 65, 1.5)).toEqual({ score: 322.5, overall: 72, coefficient: 1.5 });
    expect(leadershipScores(10, 10, 15, 'abc')).toEqual({ score: 35, overall: 12, coefficient: 1 });
  });

  it('labels proficiency and draws its bar at level x 20', () => {
    expect([1, 2, 3, 4, 5].map(proficiencyLabel)).toEqual(['Novice', 'Beginner', 'Intermediate', 'Advanced', 'Expert']);
    expect(proficiencyPercent(3)).toBe(60);
  });

  it('names engagement levels at their thresholds', () => {
    expect(engagementLevel(15000)).toEqual({ label: 'Exceptional', percent: 100 });
    expect(engagementLevel(14999)).toEqual({ label: 'High', percent: 85 });
    expect(engagementLevel(1500)).toEqual({ label: 'Active', percent: 60 });
    expect(engagementLevel(500)).toEqual({ label: 'Moderate', percent: 35 });
    expect(engagementLevel(100)).toEqual({ label: 'Building', percent: 15 });
    expect(engagementLevel(99)).toEqual({ label: 'Starting', percent: 5 });
  });
});

describe('edit form rules', () => {
  it('refuses non-images and pictures of 2 MB or more', () => {
    expect(pictureRefusal({ type: 'text/plain', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file (JPG, PNG, GIF, etc.)',
    });
    expect(pictureRefusal({ type: 'image/png', size: 2 * 1024 * 1024 })?.title).toBe('File too large');
    expect(pictureRefusal({ type: 'image/png', size: 2 * 1024 * 1024 - 1 })).toBeNull();
  });

  it("words text maxima as '{Field} must be N characters or less'", () => {
    expect(textErrors({ bio: 'x'.repeat(1001), careerGoals: 'x'.repeat(2000) })).toEqual({
      bio: 'Bio must be 1000 characters or less',
    });
    expect(textErrors({ personalStory: 'x'.repeat(5001) }).personalStory).toBe(
      'Personal story must be 5000 characters or less',
    );
  });

  it('skips blank entries and makes an entry without end date current', () => {
    expect(
      workplacesToSave([
        { ...work, companyName: '  ' },
        { ...work, id: 'w1', endDate: '', isCurrent: false },
        { ...work, endDate: '2020', isCurrent: false },
      ]),
    ).toEqual([
      { ...work, endDate: null, isCurrent: true },
      { ...work, endDate: '2020', isCurrent: false },
    ]);
    expect(
      educationToSave([
        { ...school, endDate: ' ' },
        { ...school, institution: '' },
      ]),
    ).toEqual([{ ...school, endDate: null, isOngoing: true }]);
  });

  it('maps privacy on save: work and education follow profile, analytics always Core', () => {
    const saved = privacyToServer({
      ...DEFAULT_PRIVACY_FORM,
      profileVisibility: 'Master',
      activityFeedVisibility: 'Core',
    });
    expect(saved).toEqual({
      personalInfoVisible: 'Master',
      skillsVisible: 'Public',
      leadershipProgressVisible: 'Apprentice',
      contactInfoVisible: 'Apprentice',
      workExperienceVisible: 'Master',
      educationVisible: 'Master',
      analyticsVisible: 'Core',
      activityFeedVisible: 'Core',
      allowDirectMessages: true,
      allowSkillEndorsements: true,
      showOnlineStatus: true,
      allowMentorshipRequests: true,
      allowAnalyticsTracking: true,
    });
  });
});
