import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { KeyboardEvent } from 'react';
import type { DirectMessage } from '../api/types.ts';
import { isTemporaryMessage, messageKeyAction, stripHtml } from '../message-rules.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

interface MessageItemProps {
  message: DirectMessage;
  isOwn: boolean;
  senderName: string;
  /** The sender's picture, for their avatar beside messages that are not one's own. */
  senderPicture: string | null;
  onDelete: (message: DirectMessage) => void;
  onReport: (message: DirectMessage) => void;
}

function status(message: DirectMessage): string {
  if (isTemporaryMessage(message)) return 'Sending…';
  if (!message.isRead) return 'Sent';
  return message.readAt ? `Read ${dayjs(message.readAt).format('HH:mm')}` : 'Read';
}

/** One message; focused, Delete or Backspace deletes it when it is one's own, r reports another's. */
export function MessageItem({ message, isOwn, senderName, senderPicture, onDelete, onReport }: MessageItemProps) {
  const pending = isTemporaryMessage(message);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const action = messageKeyAction(event.key, isOwn);
    if (action === 'none' || pending) return;
    event.preventDefault();
    if (action === 'delete') onDelete(message);
    else onReport(message);
  };
  const time = dayjs(message.createdAt);

  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: isOwn ? 'flex-end' : 'flex-start', alignItems: 'flex-end', px: { xs: 1, sm: 2 }, py: 0.5 }}
    >
      {!isOwn && <UserAvatar name={senderName} src={senderPicture} size="small" />}
      <Box
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label={`${isOwn ? 'You' : senderName}, ${time.format('D MMM YYYY HH:mm')}`}
        aria-keyshortcuts={pending ? undefined : isOwn ? 'Delete Backspace' : 'R'}
        data-message-id={message.id}
        sx={{
          maxWidth: { xs: '85%', sm: '70%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: isOwn ? 'primary.main' : 'action.hover',
          color: isOwn ? 'primary.contrastText' : 'text.primary',
          '&:focus-visible': { outline: 2, outlineColor: 'secondary.main', outlineOffset: 2 },
        }}
      >
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {stripHtml(message.content)}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 0.25 }}>
          <Typography variant="caption" component="time" dateTime={message.createdAt}>
            {time.format('D MMM HH:mm')}
          </Typography>
          {isOwn && <Typography variant="caption">· {status(message)}</Typography>}
          {!pending &&
            (isOwn ? (
              <IconButton
                size="small"
                color="inherit"
                aria-label="Delete message"
                onClick={() => onDelete(message)}
                sx={{ p: 0.25 }}
              >
                <DeleteOutlineIcon fontSize="inherit" />
              </IconButton>
            ) : (
              <IconButton
                size="small"
                color="inherit"
                aria-label="Report message"
                onClick={() => onReport(message)}
                sx={{ p: 0.25 }}
              >
                <FlagOutlinedIcon fontSize="inherit" />
              </IconButton>
            ))}
        </Stack>
      </Box>
    </Stack>
  );
}
