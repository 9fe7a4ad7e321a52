import { DATA_EXPORT_PARTS, DATA_EXPORT_TTL_HOURS } from '@crucible/proto';

const FILE_DESCRIPTIONS: Record<keyof typeof DATA_EXPORT_PARTS, string> = {
  auth:
    'Your account: e-mail, name, access level, roles and dates (account); your sign-in sessions ' +
    '(sessions); your passkeys by name (passkeys); when two-factor sign-in was turned on (twoFactor). ' +
    'No password, code or key is ever exported.',
  profile:
    'Your profile and its lists: the profile (profile), workplaces, education, skills, endorsements ' +
    'you received and gave (endorsementsReceived, endorsementsGiven), leadership progress ' +
    '(leadershipProgress), privacy settings (privacy), statistics (stats), activity (activity) and the ' +
    'profiles you viewed (profileViewsMade).',
  forum:
    'The forum: discussions and replies you wrote (discussions, replies), your votes (votes, pollVotes), ' +
    'the files you uploaded (uploadedFiles: names, sizes and where the forum serves each), the ' +
    'discussions you watch (watchedDiscussions) and the categories you moderate (moderatorOf).',
  dm:
    'Direct messages: every message of your conversations, sent or received, with the flags saying who ' +
    'deleted it (messages); the members you blocked (blocks); your settings and storage quota.',
  realtime: 'Community chat messages you sent (chatMessages), your notifications (notifications) and settings.',
  project:
    'Projects you own (projectsOwned), the tasks in them or assigned to you (tasks: in_own_project and ' +
    'assigned_to_member say which), the task changes you made (taskHistory), your comments on tasks ' +
    '(taskComments) and the task attachments you uploaded (uploadedFiles).',
};

/** README.txt of a member's export: what each file holds. */
export function dataExportReadme(createdAt: Date): string {
  const files = Object.entries(DATA_EXPORT_PARTS)
    .map(([service, part]) => `${part.file}\n  ${FILE_DESCRIPTIONS[service as keyof typeof DATA_EXPORT_PARTS]}`)
    .join('\n\n');
  return `Your Crucible data
==================

Everything Crucible holds that you own or wrote, as of ${createdAt.toUTCString()}.
Each file is JSON (UTF-8): an object of named lists, one per kind of data. Field names are those
of the database (snake_case in most files); times are ISO 8601 in UTC; ids are UUIDs that link
records across files (a reply's discussion_id is a discussion's id).

${files}

files/
  The files themselves: your profile picture (files/profile/), the forum attachments you uploaded
  (files/forum/) and your task attachments (files/project/), each named by its id and its original
  name, as uploadedFiles lists them.

This archive is deleted from Crucible's storage ${DATA_EXPORT_TTL_HOURS} hours after it was made.
`;
}
