import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROFILE_MESSAGES } from '@crucible/proto';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CardSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { apiErrorDetails } from '../../../lib/api-error.ts';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSaveProfileForm } from '../api/save-profile-form.ts';
import { useEducation } from '../api/get-education.ts';
import { useProfile } from '../api/get-profile.ts';
import { useWorkplaces } from '../api/get-workplaces.ts';
import type { Profile } from '@crucible/proto';
import { EducationList, WorkplaceList } from '../components/EntryLists.tsx';
import { PrivacyPanel } from '../components/PrivacyPanel.tsx';
import { pictureToSend } from '../picture-downscale.ts';
import {
  TEXT_MAXIMA,
  educationToSave,
  loadedIdsOf,
  pictureRefusal,
  textErrors,
  workplacesToSave,
  type LimitedField,
  type EducationEntry,
  type ProfileFields,
  type WorkplaceEntry,
} from '../profile-rules.ts';

type TextFields = Omit<ProfileFields, 'picture'>;
type TextKey = keyof TextFields;

const TEXT_FIELDS: readonly TextKey[] = [
  'firstName',
  'lastName',
  'preferredName',
  'jobTitle',
  'birthday',
  'phoneNumber',
  'currentLocation',
  'preferredContactMethod',
  'bio',
  'personalMission',
  'leadershipPhilosophy',
  'personalStory',
  'professionalJourney',
  'leadershipExperience',
  'crucibleConnection',
  'leadershipJourney',
  'careerGoals',
];

const TABS = ['Personal', 'Contact', 'Experience', 'Education', 'Bio & Mission', 'Story', 'Privacy'] as const;
type TabName = (typeof TABS)[number];

/** `?tab=` opens a tab directly: the profile's empty widgets link to the tab that fills them. */
const isTabName = (name: string | null): name is TabName => (TABS as readonly (string | null)[]).includes(name);

const FIELDS_BY_TAB: Partial<Record<TabName, readonly (readonly [TextKey, string, string?])[]>> = {
  Personal: [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['preferredName', 'Preferred name'],
    ['jobTitle', 'Job title'],
    ['birthday', 'Birthday', 'MM/DD or MM/DD/YYYY'],
  ],
  Contact: [
    ['phoneNumber', 'Phone number'],
    ['currentLocation', 'Current location'],
    ['preferredContactMethod', 'Preferred contact method'],
  ],
  'Bio & Mission': [
    ['bio', 'Bio'],
    ['personalMission', 'Personal mission'],
    ['leadershipPhilosophy', 'Leadership philosophy'],
  ],
  Story: [
    ['personalStory', 'Personal story'],
    ['professionalJourney', 'Professional journey'],
    ['leadershipExperience', 'Leadership experience'],
    ['crucibleConnection', 'Connection to Crucible'],
    ['leadershipJourney', 'Leadership journey'],
    ['careerGoals', 'Career goals'],
  ],
};

const textValues = (profile: Profile) =>
  Object.fromEntries(TEXT_FIELDS.map((field) => [field, profile[field] ?? ''])) as Record<TextKey, string>;

/** A list of the edit page as its query has it: the entries once loaded, else the failure to show. */
interface LoadedList<T> {
  data: T[] | undefined;
  failed: boolean;
  retry: () => void;
}

const listOf = <T,>(query: UseQueryResult<T[]>): LoadedList<T> => ({
  data: query.data,
  failed: query.isError,
  retry: () => void query.refetch(),
});

/**
 * A list that did not load shows its failure with Retry instead of the empty text: saving it would
 * store an empty list over the member's history, so Save waits until every list is loaded.
 */
function ListLoadFailure({ what, list }: { what: string; list: LoadedList<unknown> }) {
  if (!list.failed) return <CardSkeleton label={`Loading ${what}...`} lines={2} />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={list.retry}>
          Retry
        </Button>
      }
    >
      {`Your ${what} could not be loaded. Saving is disabled until it loads.`}
    </Alert>
  );
}

function EditForm(props: {
  userId: string;
  profile: Profile;
  workplaces: LoadedList<WorkplaceEntry>;
  education: LoadedList<EducationEntry>;
}) {
  const { userId } = props;
  const [params] = useSearchParams();
  const [tab, setTab] = useState<TabName>(() => {
    const requested = params.get('tab');
    return isTabName(requested) ? requested : 'Personal';
  });
  const [values, setValues] = useState(() => textValues(props.profile));
  // The member's edits, over the loaded list until the first one (a list may load after the form opens).
  const [editedWorkplaces, setWorkplaces] = useState<WorkplaceEntry[]>();
  const [editedEducation, setEducation] = useState<EducationEntry[]>();
  const workplaces = editedWorkplaces ?? props.workplaces.data;
  const education = editedEducation ?? props.education.data;
  const loadedWorkplaces = props.workplaces.data;
  const loadedEducation = props.education.data;
  /** undefined: unchanged; null: removed; a data URL: a new picture. */
  const [picture, setPicture] = useState<string | null | undefined>(undefined);
  const [errors, setErrors] = useState<Partial<Record<LimitedField, string>>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveProfileForm(userId);
  const showToast = useToast();
  const navigate = useNavigate();
  const shownPicture = picture === undefined ? (props.profile.profileImageUrl ?? props.profile.picture) : picture;

  async function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = pictureRefusal(file);
    if (refusal) {
      showToast({ ...refusal, severity: 'error' });
      return;
    }
    setPicture(await pictureToSend(file));
  }

  function change(field: TextKey, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Errors appear on save, then follow each edit.
    if (Object.keys(errors).length > 0) setErrors(textErrors(next));
  }

  function submit() {
    const found = textErrors(values);
    setErrors(found);
    const first = Object.keys(found)[0] as LimitedField | undefined;
    if (first) {
      setTab(tabOf(first));
      return;
    }
    if (!workplaces || !education || !loadedWorkplaces || !loadedEducation) return;
    const profile: ProfileFields = Object.fromEntries(
      TEXT_FIELDS.map((field) => [field, values[field].trim() === '' ? null : values[field]]),
    ) as unknown as ProfileFields;
    if (picture !== undefined) profile.picture = picture;
    save.mutate(
      {
        profile,
        workplaces: { loadedIds: loadedIdsOf(loadedWorkplaces), entries: workplacesToSave(workplaces) },
        education: { loadedIds: loadedIdsOf(loadedEducation), entries: educationToSave(education) },
      },
      {
        onSuccess: () => {
          showToast({
            title: 'Profile updated',
            description: 'Your profile has been updated successfully.',
            severity: 'success',
          });
          void navigate(`/profile/${userId}`);
        },
        // A 409 says which list changed since this page loaded it; other failures keep the fixed text.
        onError: (error) => {
          const { status, serverMessage } = apiErrorDetails(error);
          showToast({
            title: PROFILE_MESSAGES.saveFailedTitle,
            description: status === 409 && serverMessage ? serverMessage : PROFILE_MESSAGES.saveFailed,
            severity: 'error',
          });
        },
      },
    );
  }

  const allLoaded = loadedWorkplaces !== undefined && loadedEducation !== undefined;
  const unloaded = [
    ...(props.workplaces.failed ? ['work experience'] : []),
    ...(props.education.failed ? ['education'] : []),
  ];
  const textTab = FIELDS_BY_TAB[tab];
  return (
    <>
      <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} variant="scrollable" sx={{ mb: 3 }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={name} />
        ))}
      </Tabs>
      {tab === 'Personal' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Avatar src={shownPicture ?? undefined} alt="Profile picture" sx={{ width: 80, height: 80 }} />
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            data-testid="picture-input"
            onChange={(e) => void choosePicture(e)}
          />
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>
            Upload Picture
          </Button>
          {shownPicture && (
            <Button color="error" onClick={() => setPicture(null)}>
              Remove Picture
            </Button>
          )}
        </Stack>
      )}
      {textTab && (
        <Stack spacing={2}>
          {textTab.map(([field, label, hint]) => {
            const limit = field in TEXT_MAXIMA ? TEXT_MAXIMA[field as LimitedField].max : undefined;
            const error = errors[field as LimitedField];
            return (
              <TextField
                key={field}
                label={label}
                value={values[field]}
                onChange={(event) => change(field, event.target.value)}
                multiline={limit !== undefined}
                minRows={limit !== undefined ? 3 : undefined}
                error={Boolean(error)}
                helperText={error ?? hint ?? (limit !== undefined ? `${values[field].length}/${limit}` : undefined)}
              />
            );
          })}
        </Stack>
      )}
      {tab === 'Experience' &&
        (workplaces ? (
          <WorkplaceList entries={workplaces} onChange={setWorkplaces} />
        ) : (
          <ListLoadFailure what="work experience" list={props.workplaces} />
        ))}
      {tab === 'Education' &&
        (education ? (
          <EducationList entries={education} onChange={setEducation} />
        ) : (
          <ListLoadFailure what="education" list={props.education} />
        ))}
      {tab === 'Privacy' && <PrivacyPanel userId={userId} />}
      {tab !== 'Privacy' && (
        <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={submit} disabled={save.isPending || !allLoaded}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button component={RouterLink} to={`/profile/${userId}`}>
            Cancel
          </Button>
          {!allLoaded && unloaded.length > 0 && (
            <Typography variant="body2" color="error" role="status">
              {`Saving is disabled until your ${unloaded.join(' and ')} loads.`}
            </Typography>
          )}
        </Stack>
      )}
    </>
  );
}

function tabOf(field: LimitedField): TabName {
  for (const [name, fields] of Object.entries(FIELDS_BY_TAB))
    if (fields.some(([f]) => f === field)) return name as TabName;
  return 'Story';
}

export default function EditProfilePage() {
  const { userId = '' } = useParams();
  const viewer = useCurrentMember();
  // The edit page is the owner's alone; admins correct a member's profile from the admin console.
  const own = viewer?.id === userId;
  const profile = useProfile(userId);
  const workplaces = useWorkplaces(userId, own);
  const education = useEducation(userId, own);
  useDocumentTitle('Edit Profile');

  let body;
  if (viewer && viewer.id !== userId) body = <Alert severity="warning">{PROFILE_MESSAGES.ownEditOnly}</Alert>;
  else if (viewer === undefined || profile.isPending) body = <CardSkeleton label="Loading profile..." lines={6} />;
  else if (!profile.data) body = <Typography>Profile not found</Typography>;
  else
    body = (
      <EditForm userId={userId} profile={profile.data} workplaces={listOf(workplaces)} education={listOf(education)} />
    );

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1">
          Edit Profile
        </Typography>
        <Button component={RouterLink} to={`/profile/${userId}`}>
          Back to Profile
        </Button>
      </Box>
      {body}
    </Container>
  );
}
