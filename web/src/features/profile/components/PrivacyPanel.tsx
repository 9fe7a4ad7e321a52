import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCESS_LEVELS, type AccessLevel } from '@crucible/proto';
import { useState } from 'react';
import { CardSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useSavePrivacy } from '../api/save-privacy.ts';
import { usePrivacy } from '../api/get-privacy.ts';
import {
  LEVEL_COLOURS,
  PRIVACY_LEGEND,
  privacyFromServer,
  privacyToServer,
  type PrivacyForm,
} from '../profile-rules.ts';

/** The form offers Core/Admin as one choice: the level saved is Core, which admins see anyway. */
const LEVEL_CHOICES = ACCESS_LEVELS.filter((level) => level !== 'Admin');
const levelLabel = (level: AccessLevel) => (level === 'Core' ? 'Core/Admin' : level);

const VISIBILITY_FIELDS = [
  ['profileVisibility', 'Profile Information'],
  ['skillsVisibility', 'Skills & Expertise'],
  ['leadershipProgressVisibility', 'Leadership Progress'],
  ['contactInfoVisibility', 'Contact Information'],
  ['activityFeedVisibility', 'Activity Feed'],
] as const;

const SWITCHES = [
  ['allowDirectMessages', 'Direct Messages'],
  ['allowSkillEndorsements', 'Skill Endorsements'],
  ['showOnlineStatus', 'Online Status'],
  ['allowMentorshipRequests', 'Mentorship Requests'],
  ['allowAnalyticsTracking', 'Analytics Tracking'],
] as const;

function LevelDot({ level }: { level: AccessLevel }) {
  return (
    <Box
      component="span"
      data-testid={`level-colour-${level}`}
      aria-hidden
      sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: LEVEL_COLOURS[level], mr: 1 }}
    />
  );
}

function PrivacyForm({ userId, initial }: { userId: string; initial: PrivacyForm }) {
  const [form, setForm] = useState(initial);
  const save = useSavePrivacy(userId);
  const showToast = useToast();

  function submit() {
    save.mutate(privacyToServer(form), {
      onSuccess: () => showToast({ title: 'Privacy settings saved', severity: 'success' }),
      onError: () => showToast({ title: 'Error', description: 'Failed to save privacy settings', severity: 'error' }),
    });
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Privacy &amp; Visibility Settings
        </Typography>
        <Typography variant="subtitle1" component="h3">
          Content Visibility
        </Typography>
        <Stack spacing={2} sx={{ my: 2 }}>
          {VISIBILITY_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              select
              size="small"
              label={label}
              value={form[field] === 'Admin' ? 'Core' : form[field]}
              onChange={(event) => setForm({ ...form, [field]: event.target.value as AccessLevel })}
            >
              {LEVEL_CHOICES.map((level) => (
                <MenuItem key={level} value={level}>
                  <LevelDot level={level} />
                  {levelLabel(level)}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Stack>
        <Typography variant="subtitle1" component="h3">
          Interaction Preferences
        </Typography>
        <Stack sx={{ my: 1 }}>
          {SWITCHES.map(([field, label]) => (
            <FormControlLabel
              key={field}
              label={label}
              control={
                <Switch
                  checked={form[field]}
                  onChange={(event) => setForm({ ...form, [field]: event.target.checked })}
                />
              }
            />
          ))}
        </Stack>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Privacy Settings'}
        </Button>
        <Box component="ul" aria-label="Visibility levels" sx={{ mt: 3, pl: 0, listStyle: 'none' }}>
          {PRIVACY_LEGEND.map((text, index) => (
            <Typography component="li" variant="body2" key={text}>
              <LevelDot level={LEVEL_CHOICES[index] ?? 'Core'} />
              {text}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function PrivacyPanel({ userId }: { userId: string }) {
  const privacy = usePrivacy(userId);
  if (privacy.isPending) return <CardSkeleton label="Loading privacy settings" lines={6} />;
  // Settings that cannot be read start from the panel's defaults rather than blocking the panel.
  return <PrivacyForm userId={userId} initial={privacyFromServer(privacy.data)} />;
}
