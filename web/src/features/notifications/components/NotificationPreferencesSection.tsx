import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EMAIL_DIGEST_DELAYS,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  type EmailDigestDelay,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationPreferencesUpdate,
} from '@crucible/proto';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences.ts';

const KIND_LABELS: Record<NotificationKind, string> = {
  directMessages: 'Direct messages',
  replies: 'Replies in discussions you started or watch',
  mentions: 'Mentions of you',
  projects: 'Project task updates',
  notices: 'Moderation and admin notices',
};

const DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  page: 'In notifications (kept)',
  socket: 'Live only, while the app is open',
  off: 'Off',
};

const DIGEST_LABELS: Record<EmailDigestDelay, string> = {
  off: 'Off',
  '15m': 'After 15 minutes away',
  hourly: 'After an hour away',
  daily: 'After a day away',
};

/** How each kind of notification reaches the member, and the e-mail summary of what they missed. */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const save = (change: NotificationPreferencesUpdate) => update.mutate(change);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="notification-preferences" sx={{ p: 2, mt: 3 }}>
      <Typography id="notification-preferences" variant="h6" component="h2" sx={{ mb: 2 }}>
        Preferences
      </Typography>
      {!preferences.data ? (
        <ListSkeleton label="Loading preferences" />
      ) : (
        <Stack spacing={2}>
          {NOTIFICATION_KINDS.map((kind) => (
            <TextField
              key={kind}
              select
              size="small"
              label={KIND_LABELS[kind]}
              value={preferences.data[kind]}
              onChange={(event) => save({ [kind]: event.target.value as NotificationDelivery })}
              slotProps={{ select: { native: true } }}
            >
              {NOTIFICATION_DELIVERIES.map((delivery) => (
                <option key={delivery} value={delivery}>
                  {DELIVERY_LABELS[delivery]}
                </option>
              ))}
            </TextField>
          ))}
          <TextField
            select
            size="small"
            label="E-mail summary of unread messages and mentions"
            helperText="One e-mail when you have been away this long; never while you are using Crucible."
            value={preferences.data.emailDigest}
            onChange={(event) => save({ emailDigest: event.target.value as EmailDigestDelay })}
            slotProps={{ select: { native: true } }}
          >
            {EMAIL_DIGEST_DELAYS.map((delay) => (
              <option key={delay} value={delay}>
                {DIGEST_LABELS[delay]}
              </option>
            ))}
          </TextField>
          {update.isError && <Alert severity="error">Your preferences could not be saved. Please try again.</Alert>}
        </Stack>
      )}
    </Paper>
  );
}
