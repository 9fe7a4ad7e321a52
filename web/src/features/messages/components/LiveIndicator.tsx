import Chip from '@mui/material/Chip';

/** Whether new messages arrive live over the global socket; while it is down the page polls and says so. */
export function LiveIndicator({ connected }: { connected: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={connected ? 'success' : 'default'}
      label={connected ? 'Live: connected' : 'Live: disconnected'}
      title={connected ? 'New messages arrive as they are sent' : 'New messages are checked every minute'}
    />
  );
}
