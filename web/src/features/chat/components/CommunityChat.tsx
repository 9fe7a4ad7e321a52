import type { CurrentUser } from '@crucible/proto';
import ChatIcon from '@mui/icons-material/Chat';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { createBrowserLiveSocket } from '../../../lib/live-socket/browser-live-socket.ts';
import type { LiveSocket, LiveSocketStatus } from '../../../lib/live-socket/live-socket.ts';
import { useChatHistory } from '../api/get-chat-history.ts';
import { canSendChat, chatDisplayName, chatTime, isSendKey, lineFromStored, type ChatLine } from '../chat-rules.ts';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

/** The panel's own socket lives only while the panel is mounted, i.e. open (spec 1 section 4), apart from the global one. */
function usePanelSocket(createSocket: () => LiveSocket) {
  const socket = useMemo(() => createSocket(), [createSocket]);
  useEffect(() => {
    socket.start();
    return () => socket.stop();
  }, [socket]);
  const status = useSyncExternalStore(
    (notify) => socket.onStatus(notify),
    () => socket.status,
  );
  return { socket, status, connected: status === 'connected' };
}

/** What the panel's status line says; a lost connection offers to try again at once. */
function ConnectionStatus({ status, onReconnect }: { status: LiveSocketStatus; onReconnect: () => void }) {
  const text = status === 'connected' ? 'Connected' : status === 'disconnected' ? 'Disconnected' : 'Connecting...';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color={status === 'connected' ? 'success.main' : 'text.secondary'} role="status">
        {text}
      </Typography>
      {status === 'disconnected' && (
        <Button size="small" onClick={onReconnect} sx={{ minWidth: 0, py: 0 }}>
          Reconnect
        </Button>
      )}
    </Stack>
  );
}

function ChatPanel({
  user,
  onClose,
  createSocket,
}: {
  user: CurrentUser;
  onClose: () => void;
  createSocket: () => LiveSocket;
}) {
  const { socket, status, connected } = usePanelSocket(createSocket);
  const history = useChatHistory({ enabled: true });
  const [live, setLive] = useState<ChatLine[]>([]);
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(
    () =>
      socket.onMessage((message) => {
        if (message.type !== 'chat') return;
        setLive((lines) => [
          ...lines,
          { key: message.id, content: message.content, sender: message.sender, timestamp: message.timestamp },
        ]);
      }),
    [socket],
  );

  // The stored history replaces what was shown; live lines that arrived since are kept after it (once:
  // a line the history already holds has the same id).
  const stored = (history.data ?? []).map(lineFromStored);
  const storedKeys = new Set(stored.map((line) => line.key));
  const lines = [...stored, ...live.filter((line) => !storedKeys.has(line.key))];

  function send() {
    if (!canSendChat(draft, connected, Boolean(user))) return;
    const name = chatDisplayName(user);
    const sent = socket.send({
      type: 'chat',
      content: draft.trim(),
      sender: { id: user.id, name, avatar: user.profileImageUrl ?? null },
      timestamp: new Date().toISOString(),
    });
    if (sent) setDraft('');
  }

  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-label="Community Chat"
      sx={{ position: 'fixed', right: 16, bottom: 88, width: '20rem', maxWidth: 'calc(100vw - 32px)', zIndex: 'modal' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h2">
            Community Chat
          </Typography>
          <ConnectionStatus status={status} onReconnect={() => socket.reconnectNow()} />
        </Box>
        <IconButton aria-label="Close chat" onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ height: '16rem', overflowY: 'auto', px: 2, py: 1 }} aria-live="polite" data-testid="chat-messages">
        {history.isPending && lines.length === 0 ? (
          <ListSkeleton label="Loading chat messages" />
        ) : lines.length === 0 ? (
          <EmptyState
            compact
            icon={<ForumOutlinedIcon />}
            text="No messages yet. Start the conversation!"
            action={
              <Button size="small" variant="outlined" onClick={() => inputRef.current?.focus()}>
                Say Hello
              </Button>
            }
          />
        ) : (
          lines.map((line) => (
            <Stack key={line.key} direction="row" spacing={1} sx={{ mb: 1 }}>
              <MemberLink userId={line.sender.id} label={`${line.sender.name}'s profile`}>
                <UserAvatar name={line.sender.name} src={line.sender.avatar ?? null} size="small" />
              </MemberLink>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="caption" color="text.secondary">
                  <MemberLink userId={line.sender.id}>{line.sender.name}</MemberLink> · {chatTime(line.timestamp)}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {line.content}
                </Typography>
              </Box>
            </Stack>
          ))
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
        <TextField
          size="small"
          fullWidth
          multiline
          maxRows={3}
          placeholder="Type a message..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }))
              return;
            event.preventDefault();
            send();
          }}
          inputRef={inputRef}
          slotProps={{ htmlInput: { 'aria-label': 'Chat message' } }}
        />
        <IconButton aria-label="Send" onClick={send} disabled={!canSendChat(draft, connected, Boolean(user))}>
          <SendIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}

/** The floating toggle and, when open, the panel. Rendered for signed-in members only. */
export function CommunityChat({
  user,
  createSocket = createBrowserLiveSocket,
}: {
  user: CurrentUser;
  createSocket?: () => LiveSocket;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {open && <ChatPanel user={user} onClose={() => setOpen(false)} createSocket={createSocket} />}
      <Fab
        color="primary"
        aria-label={open ? 'Close community chat' : 'Open community chat'}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: 'modal' }}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
      </Fab>
    </>
  );
}
