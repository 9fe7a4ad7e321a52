import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { plainText, preview } from '../admin-format.ts';

const SNAPSHOT_CHARS = 120;

/** The reported or flagged message: who sent it to whom and its text. */
export function MessageSnapshot({
  message,
}: {
  message: { senderName: string; recipientName: string; content: string; deletedAt: string | null };
}) {
  return (
    <Box sx={{ minWidth: 200 }}>
      <Typography variant="caption" color="text.secondary">
        {message.senderName} → {message.recipientName}
        {message.deletedAt && ' (deleted)'}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {preview(plainText(message.content), SNAPSHOT_CHARS)}
      </Typography>
    </Box>
  );
}
