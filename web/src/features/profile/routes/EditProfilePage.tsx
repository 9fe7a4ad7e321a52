import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CardSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSaveProfileForm } from '../api/profile-mutations.ts';
import { useEducation, useProfile, useWorkplaces } from '../api/profile-queries.ts';
import type { Education, Profile, ProfileFields, Workplace } from '../api/types.ts';
import { EducationList, WorkplaceList } from '../components/EntryLists.tsx';
import { PrivacyPanel } from '../components/PrivacyPanel.tsx';
import {
  TEXT_MAXIMA,
  educationToSave,
  pictureRefusal,
  textErrors,
  workplacesToSave,
  type LimitedField,
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

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });

function EditForm(props: { userId: string; profile: Profile; workplaces: Workplace[]; education: Education[] }) {
  const { userId } = props;
  const [params] = useSearchParams();
  const [tab, setTab] = useState<TabName>(() => {
    const requested = params.get('tab');
    return isTabName(requested) ? requested : 'Personal';
  });
  const [values, setValues] = useState(() => textValues(props.profile));
  const [workplaces, setWorkplaces] = useState(props.workplaces);
  const [education, setEducation] = useState(props.education);
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
    setPicture(await readAsDataUrl(file));
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
    const profile: ProfileFields = Object.fromEntries(
      TEXT_FIELDS.map((field) => [field, values[field].trim() === '' ? null : values[field]]),
    ) as unknown as ProfileFields;
    if (picture !== undefined) profile.picture = picture;
    save.mutate(
      { profile, workplaces: workplacesToSave(workplaces), education: educationToSave(education) },
      {
        onSuccess: () => {
          showToast({
            title: 'Profile updated',
            description: 'Your profile has been updated successfully.',
            severity: 'success',
          });
          void navigate(`/profile/${userId}`);
        },
        onError: () =>
          showToast({
            title: 'Error updating profile',
            description: 'Failed to update profile. Please try again.',
            severity: 'error',
          }),
      },
    );
  }

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
      {tab === 'Experience' && <WorkplaceList entries={workplaces} onChange={setWorkplaces} />}
      {tab === 'Education' && <EducationList entries={education} onChange={setEducation} />}
      {tab === 'Privacy' && <PrivacyPanel userId={userId} />}
      {tab !== 'Privacy' && (
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button component={RouterLink} to={`/profile/${userId}`}>
            Cancel
          </Button>
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
  const profile = useProfile(userId);
  const workplaces = useWorkplaces(userId);
  const education = useEducation(userId);
  useDocumentTitle('Edit Profile');

  let body;
  if (profile.isPending || workplaces.isPending || education.isPending)
    body = <CardSkeleton label="Loading profile..." lines={6} />;
  else if (!profile.data) body = <Typography>Profile not found</Typography>;
  else
    body = (
      <EditForm
        userId={userId}
        profile={profile.data}
        workplaces={workplaces.data ?? []}
        education={education.data ?? []}
      />
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
