import type { CurrentUser } from '@crucible/proto';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
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
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type Ref } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { createBrowserLiveSocket } from '../../../lib/live-socket/browser-live-socket.ts';
import type { LiveSocket, LiveSocketStatus } from '../../../lib/live-socket/live-socket.ts';
import { useLiveMessages } from '../../../lib/live-socket/live-socket-context.tsx';
import { useChatHistory } from '../api/get-chat-history.ts';
import { useChatRefusal, usePendingSends, useStickToBottom } from './chat-panel-state.ts';
import { canSendChat, chatDisplayName, chatTime, isSendKey, lineFromStored, type ChatLine } from '../chat-rules.ts';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

/** The panel's own socket lives only while the panel is mounted, i.e. open, apart from the global one. */
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
  ref,
  user,
  onClose,
  createSocket,
}: {
  ref: Ref<HTMLDivElement>;
  user: CurrentUser;
  onClose: () => void;
  createSocket: () => LiveSocket;
}) {
  const { socket, status, connected } = usePanelSocket(createSocket);
  const history = useChatHistory({ enabled: true });
  const [live, setLive] = useState<ChatLine[]>([]);
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const pending = usePendingSends();
  const refusal = useChatRefusal();
  const { show: showRefusal, clear: clearRefusal } = refusal;

  useEffect(
    () =>
      socket.onMessage((message) => {
        if (message.type === 'chat_refused') {
          const text = pending.take(message.clientId);
          // The refused text goes back into the box, after anything typed since.
          if (text) setDraft((current) => (current.trim() ? `${current}\n${text}` : text));
          showRefusal(message.message, message.retryAfterSeconds);
          return;
        }
        if (message.type !== 'chat') return;
        if (message.sender.id === user.id) pending.delivered(message.content);
        // A resend's answer may repeat a message already shown.
        setLive((lines) =>
          lines.some((line) => line.key === message.id)
            ? lines
            : [
                ...lines,
                { key: message.id, content: message.content, sender: message.sender, timestamp: message.timestamp },
              ],
        );
      }),
    [socket, pending, showRefusal, user.id],
  );

  // Texts sent just before the connection dropped may or may not have arrived: each goes again with
  // its key, and the server stores a key once and answers a repeat to this socket alone.
  useEffect(() => {
    if (!connected) return;
    for (const unconfirmed of pending.unconfirmed())
      socket.send({
        type: 'chat',
        content: unconfirmed.content,
        clientId: unconfirmed.clientId,
        idempotencyKey: unconfirmed.idempotencyKey,
      });
  }, [connected, socket, pending]);

  // The stored history replaces what was shown; live lines that arrived since are kept after it (once:
  // a line the history already holds has the same id). Pages come newest first, each oldest first.
  const stored = [...(history.data?.pages ?? [])].reverse().flatMap((page) => page.messages.map(lineFromStored));
  const storedKeys = new Set(stored.map((line) => line.key));
  const lines = [...stored, ...live.filter((line) => !storedKeys.has(line.key))];
  const last = lines.at(-1);
  const { listRef, unseen, toBottom, onScroll, keepPositionWhilePrepending } = useStickToBottom({
    firstKey: lines[0]?.key,
    lastKey: last?.key,
    lastIsOwn: last?.sender.id === user.id,
  });

  function loadOlder() {
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    keepPositionWhilePrepending();
    void history.fetchNextPage();
  }

  const sendable = canSendChat(draft, connected, Boolean(user)) && !refusal.waiting;
  function send() {
    if (!sendable) return;
    const content = draft.trim();
    const { clientId, idempotencyKey } = pending.add(content);
    const sent = socket.send({
      type: 'chat',
      content,
      clientId,
      idempotencyKey,
      sender: { id: user.id, name: chatDisplayName(user), avatar: user.profileImageUrl ?? null },
      timestamp: new Date().toISOString(),
    });
    if (!sent) {
      // The text stays in the box: nothing went out to send again.
      pending.take(clientId);
      return;
    }
    setDraft('');
    clearRefusal();
  }

  return (
    <Paper
      ref={ref}
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
      <Box sx={{ position: 'relative' }}>
        <Box
          ref={listRef}
          onScroll={() => {
            if (onScroll().nearTop) loadOlder();
          }}
          // The panel keeps the reading position itself when older messages come in above.
          sx={{ height: '16rem', overflowY: 'auto', overflowAnchor: 'none', px: 2, py: 1 }}
          aria-live="polite"
          data-testid="chat-messages"
        >
          {history.hasNextPage && (
            <Box sx={{ textAlign: 'center', mb: 1 }}>
              <Button size="small" onClick={loadOlder} loading={history.isFetchingNextPage}>
                Load older messages
              </Button>
            </Box>
          )}
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
              <Stack key={line.key} direction="row" spacing={1} sx={{ mb: 1 }} data-testid="chat-line">
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
        {unseen && (
          <Button
            size="small"
            variant="contained"
            startIcon={<ArrowDownwardIcon />}
            onClick={toBottom}
            sx={{ position: 'absolute', bottom: 8, left: '50%', transform: 'translateX(-50%)', borderRadius: 4 }}
          >
            New messages
          </Button>
        )}
      </Box>
      {refusal.text && (
        <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', px: 2, pt: 1 }}>
          {refusal.text}
        </Typography>
      )}
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
        <IconButton aria-label="Send" onClick={send} disabled={!sendable}>
          <SendIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}

/**
 * The floating toggle and, when open, the panel. Rendered for signed-in members only. While closed,
 * the member's global socket still hears the chat: a dot on the toggle says others wrote meanwhile.
 */
export function CommunityChat({
  user,
  createSocket = createBrowserLiveSocket,
}: {
  user: CurrentUser;
  createSocket?: () => LiveSocket;
}) {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Escape closes the panel when the focus is in it, on its toggle, or nowhere in particular; a menu
  // or dialog elsewhere that has the focus keeps its own Escape.
  useEffect(() => {
    if (!open) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const focused = document.activeElement;
      const ours =
        !focused ||
        focused === document.body ||
        focused === toggleRef.current ||
        Boolean(panelRef.current?.contains(focused));
      if (!ours) return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  useLiveMessages((message) => {
    if (!open && message.type === 'chat' && message.sender.id !== user.id) setUnread(true);
  });

  function toggle() {
    setUnread(false);
    setOpen((value) => !value);
  }

  return (
    <>
      {open && <ChatPanel ref={panelRef} user={user} onClose={() => setOpen(false)} createSocket={createSocket} />}
      <Box sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: 'modal' }}>
        <Fab
          ref={toggleRef}
          color="primary"
          aria-label={open ? 'Close community chat' : 'Open community chat'}
          aria-expanded={open}
          onClick={toggle}
        >
          {open ? <CloseIcon /> : <ChatIcon />}
        </Fab>
        {unread && !open && (
          <Box
            role="status"
            aria-label="New community chat messages"
            data-testid="chat-unread-dot"
            sx={{
              position: 'absolute',
              top: 2,
              right: 2,
              width: 14,
              height: 14,
              borderRadius: '50%',
              bgcolor: 'error.main',
              border: 2,
              borderColor: 'background.paper',
              pointerEvents: 'none',
            }}
          />
        )}
      </Box>
    </>
  );
}
