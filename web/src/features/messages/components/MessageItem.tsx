import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState, type KeyboardEvent } from 'react';
import type { DirectMessage } from '@crucible/proto';
import {
  canStillEdit,
  composerKeyAction,
  isTemporaryMessage,
  messageContentProblem,
  messageKeyAction,
  stripHtml,
} from '../message-rules.ts';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

interface MessageItemProps {
  message: DirectMessage;
  isOwn: boolean;
  senderName: string;
  /** The sender's picture, for their avatar beside messages that are not one's own. */
  senderPicture: string | null;
  onDelete: (message: DirectMessage) => void;
  onReport: (message: DirectMessage) => void;
  /** Whether this message is open for editing, and what saving it does. */
  editing: boolean;
  editPending: boolean;
  onEdit: (message: DirectMessage | null) => void;
  onSaveEdit: (message: DirectMessage, content: string) => void;
}

function status(message: DirectMessage): string {
  if (isTemporaryMessage(message)) return 'Sending…';
  if (!message.isRead) return 'Sent';
  return message.readAt ? `Read ${dayjs(message.readAt).format('HH:mm')}` : 'Read';
}

/**
 * One message; focused, Delete or Backspace asks to delete it and e edits it when it is one's own
 * (within the edit window), r reports another's.
 */
export function MessageItem({
  message,
  isOwn,
  senderName,
  senderPicture,
  onDelete,
  onReport,
  editing,
  editPending,
  onEdit,
  onSaveEdit,
}: MessageItemProps) {
  const pending = isTemporaryMessage(message);
  const editable = isOwn && !pending && canStillEdit(message);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const action = messageKeyAction(event.key, isOwn);
    if (action === 'none' || pending || (action === 'edit' && !editable)) return;
    event.preventDefault();
    if (action === 'delete') onDelete(message);
    else if (action === 'edit') onEdit(message);
    else onReport(message);
  };
  const time = dayjs(message.createdAt);

  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: isOwn ? 'flex-end' : 'flex-start', alignItems: 'flex-end', px: { xs: 1, sm: 2 }, py: 0.5 }}
    >
      {!isOwn && (
        <MemberLink userId={message.senderId} label={`${senderName}'s profile`}>
          <UserAvatar name={senderName} src={senderPicture} size="small" />
        </MemberLink>
      )}
      <Box
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label={`${isOwn ? 'You' : senderName}, ${time.format('D MMM YYYY HH:mm')}${message.editedAt ? ', edited' : ''}`}
        aria-keyshortcuts={pending ? undefined : isOwn ? (editable ? 'Delete Backspace E' : 'Delete Backspace') : 'R'}
        data-message-id={message.id}
        sx={{
          maxWidth: { xs: '85%', sm: '70%' },
          minWidth: editing ? { xs: '85%', sm: '60%' } : undefined,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: isOwn ? 'primary.main' : 'action.hover',
          color: isOwn ? 'primary.contrastText' : 'text.primary',
          '&:focus-visible': { outline: 2, outlineColor: 'secondary.main', outlineOffset: 2 },
        }}
      >
        {editing ? (
          <EditBox message={message} pending={editPending} onCancel={() => onEdit(null)} onSave={onSaveEdit} />
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {stripHtml(message.content)}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 0.25 }}>
          {message.editedAt && (
            <Typography variant="caption" title={`Edited ${dayjs(message.editedAt).format('D MMM HH:mm')}`}>
              edited ·
            </Typography>
          )}
          <Typography variant="caption" component="time" dateTime={message.createdAt}>
            {time.format('HH:mm')}
          </Typography>
          {isOwn && <Typography variant="caption">· {status(message)}</Typography>}
          {!pending && !editing && editable && (
            <IconButton
              size="small"
              color="inherit"
              aria-label="Edit message"
              onClick={() => onEdit(message)}
              sx={{ p: 0.25 }}
            >
              <EditOutlinedIcon fontSize="inherit" />
            </IconButton>
          )}
          {!pending &&
            !editing &&
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

/** The message's text in a field: Enter saves, Shift+Enter adds a line, Escape cancels. */
function EditBox({
  message,
  pending,
  onCancel,
  onSave,
}: {
  message: DirectMessage;
  pending: boolean;
  onCancel: () => void;
  onSave: (message: DirectMessage, content: string) => void;
}) {
  const [value, setValue] = useState(message.content);
  const problem = messageContentProblem(value);
  const unchanged = value.trim() === message.content.trim();
  const save = () => {
    if (problem || pending) return;
    if (unchanged) onCancel();
    else onSave(message, value.trim());
  };
  return (
    <Stack spacing={1} sx={{ bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, p: 1 }}>
      <TextField
        label="Edit message"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
            return;
          }
          const action = composerKeyAction({
            key: event.key,
            shiftKey: event.shiftKey,
            isComposing: event.nativeEvent.isComposing,
          });
          if (action !== 'send') return;
          event.preventDefault();
          save();
        }}
        autoFocus
        multiline
        maxRows={6}
        size="small"
        fullWidth
        error={Boolean(problem) && value.length > 0}
        helperText={value.length > 0 ? (problem ?? undefined) : undefined}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="small" variant="contained" onClick={save} loading={pending} disabled={Boolean(problem)}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}
