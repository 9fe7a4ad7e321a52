import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { Notification } from '@crucible/proto';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function NotificationItem({ notification, onSelect }: { notification: Notification; onSelect: () => void }) {
  return (
    <MenuItem
      onClick={onSelect}
      sx={{ whiteSpace: 'normal', alignItems: 'flex-start', fontWeight: notification.isRead ? 400 : 700 }}
    >
      <ListItemText
        primary={notification.title}
        secondary={`${notification.message} · ${timeFormat.format(new Date(notification.createdAt))}`}
        slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
      />
    </MenuItem>
  );
}
