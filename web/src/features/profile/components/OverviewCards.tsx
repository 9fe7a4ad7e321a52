import { displayName } from '@crucible/proto';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TextSkeleton } from '../../../components/Skeletons.tsx';
import { isPrivateError } from '../profile-rules.ts';
import type { Education, Profile, Workplace } from '@crucible/proto';
import { EditProfileAction, PrivateNotice, WidgetCard } from './WidgetCard.tsx';

export function MemberOverviewCard({ profile }: { profile: Profile }) {
  const name = displayName(profile, { withEmail: true });
  const contact = [profile.email, profile.phoneNumber, profile.currentLocation].filter(Boolean);
  return (
    <WidgetCard title="Member Overview">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={profile.profileImageUrl ?? undefined} alt={name} sx={{ width: 72, height: 72 }}>
          {name.charAt(0)}
        </Avatar>
        <Stack spacing={0.5}>
          <Typography variant="h5" component="p">
            {name}
          </Typography>
          {profile.preferredName && (
            <Typography color="text.secondary">Prefers &quot;{profile.preferredName}&quot;</Typography>
          )}
          {profile.jobTitle && <Typography>{profile.jobTitle}</Typography>}
          <Stack direction="row" spacing={1}>
            <Chip size="small" color="primary" label={profile.accessLevel} />
            {profile.joinedAt && (
              <Typography variant="body2" color="text.secondary">
                Joined {new Date(profile.joinedAt).toLocaleDateString()}
              </Typography>
            )}
          </Stack>
          {contact.map((item) => (
            <Typography key={item} variant="body2" color="text.secondary">
              {item}
            </Typography>
          ))}
        </Stack>
      </Stack>
      {profile.bio && <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{profile.bio}</Typography>}
    </WidgetCard>
  );
}

interface ListState<T> {
  isPending: boolean;
  error: Error | null;
  data: T[] | undefined;
}

/** A list widget's texts: its loading label, its private notice, and its empty state (the action fills it). */
interface ListTexts {
  loading: string;
  private: string;
  empty: { text: string; icon: ReactElement; action?: ReactElement };
}

/** Missing workplaces and education show as private. */
function listBody<T>(state: ListState<T>, texts: ListTexts, render: (item: T) => ReactElement) {
  if (state.isPending) return <TextSkeleton label={texts.loading} lines={2} />;
  if (isPrivateError(state.error) || !state.data) return <PrivateNotice text={texts.private} />;
  if (state.data.length === 0) return <EmptyState compact {...texts.empty} />;
  return <Stack spacing={1}>{state.data.map(render)}</Stack>;
}

const period = (start: string | null, end: string | null, current: boolean) =>
  [start, current ? 'Present' : end].filter(Boolean).join(' - ');

export function PositionEducationCard(props: {
  workplaces: ListState<Workplace>;
  education: ListState<Education>;
  /** Given when the viewer may edit the profile: the empty lists offer Edit Profile. */
  editableBy?: string;
}) {
  const editableBy = props.editableBy;
  const current = props.workplaces.data
    ? [...props.workplaces.data].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent))
    : undefined;
  return (
    <WidgetCard title="Current Position / Education">
      <Typography variant="subtitle2">Work experience</Typography>
      {listBody(
        { ...props.workplaces, data: current },
        {
          loading: 'Loading work experience',
          private: 'Work experience is private',
          empty: {
            text: 'No work experience added yet',
            icon: <WorkOutlinedIcon />,
            action: editableBy ? (
              <EditProfileAction userId={editableBy} tab="Experience" label="Add Experience" />
            ) : undefined,
          },
        },
        (w) => (
          <div key={w.id ?? w.companyName}>
            <Typography sx={{ fontWeight: 600 }}>
              {w.jobTitle ? `${w.jobTitle} at ${w.companyName}` : w.companyName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[period(w.startDate, w.endDate, w.isCurrent), w.location].filter(Boolean).join(' · ')}
            </Typography>
          </div>
        ),
      )}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        Education
      </Typography>
      {listBody(
        props.education,
        {
          loading: 'Loading education',
          private: 'Education is private',
          empty: {
            text: 'No education added yet',
            icon: <SchoolOutlinedIcon />,
            action: editableBy ? (
              <EditProfileAction userId={editableBy} tab="Education" label="Add Education" />
            ) : undefined,
          },
        },
        (e) => (
          <div key={e.id ?? e.institution}>
            <Typography sx={{ fontWeight: 600 }}>
              {[e.degree, e.fieldOfStudy].filter(Boolean).join(', ') || e.institution}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[e.degree || e.fieldOfStudy ? e.institution : null, period(e.startDate, e.endDate, e.isOngoing)]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </div>
        ),
      )}
    </WidgetCard>
  );
}

const STORY_FIELDS = [
  ['personalStory', 'Personal Story'],
  ['professionalJourney', 'Professional Journey'],
  ['leadershipExperience', 'Leadership Experience'],
  ['crucibleConnection', 'Connection to Crucible'],
  ['leadershipJourney', 'Leadership Journey'],
  ['personalMission', 'Personal Mission'],
  ['leadershipPhilosophy', 'Leadership Philosophy'],
  ['careerGoals', 'Career Goals'],
] as const;

export function PersonalStoryCard({ profile, editableBy }: { profile: Profile; editableBy?: string }) {
  const told = STORY_FIELDS.filter(([field]) => profile[field]);
  return (
    <WidgetCard title="Personal Story & Journey">
      {told.length === 0 ? (
        <EmptyState
          compact
          icon={<AutoStoriesOutlinedIcon />}
          text="No story shared yet"
          action={
            editableBy ? <EditProfileAction userId={editableBy} tab="Story" label="Share Your Story" /> : undefined
          }
        />
      ) : (
        <Stack spacing={2}>
          {told.map(([field, label]) => (
            <div key={field}>
              <Typography variant="subtitle2">{label}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{profile[field]}</Typography>
            </div>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
