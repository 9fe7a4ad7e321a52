import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { Notification } from '@crucible/proto';
import { markdownToPlainText } from '../../../lib/plain-text.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function NotificationItem({ notification, onSelect }: { notification: Notification; onSelect: () => void }) {
  return (
    <MenuItem
      onClick={onSelect}
      sx={{ whiteSpace: 'normal', alignItems: 'flex-start', fontWeight: notification.isRead ? 400 : 700 }}
    >
      <ListItemText
        primary={notification.title}
        // A message's markdown reads as text here: the preview shows no raw marks.
        secondary={`${markdownToPlainText(notification.message)} · ${timeFormat.format(new Date(notification.createdAt))}`}
        slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
      />
    </MenuItem>
  );
}
