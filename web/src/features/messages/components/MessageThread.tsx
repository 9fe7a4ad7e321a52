import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useEditMessage } from '../api/edit-message.ts';
import { useMessages } from '../api/get-messages.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { ConversationUser, DirectMessage } from '@crucible/proto';
import {
  DM_TEXTS,
  failureDescription,
  isTemporaryMessage,
  memberDisplayName,
  threadMessages,
  threadRows,
} from '../message-rules.ts';
import { Composer } from './Composer.tsx';
import { DeleteMessageDialog } from './DeleteMessageDialog.tsx';
import { LiveIndicator } from './LiveIndicator.tsx';
import { useAnnounceTyping, usePartnerTyping } from './use-typing.ts';
import { useLiveStatus } from '../../../lib/live-socket/live-socket-context.tsx';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { MessageItem } from './MessageItem.tsx';
import { ReportMessageDialog } from './ReportMessageDialog.tsx';

/** The message list is virtualised with an overscan of 10 and rows estimated at 80 px. */
export const THREAD_OVERSCAN = 10;
export const ESTIMATED_ROW_PX = 80;
/** How close to the top (px) a scroll must come to load older messages. */
const LOAD_OLDER_WITHIN_PX = 120;
/** How close to the bottom (px) counts as following the conversation. */
const NEAR_BOTTOM_PX = 160;

/** A conversation's member, or one picked from the directory (whose email may be hidden). */
export type ThreadPartner = Pick<ConversationUser, 'id' | 'firstName' | 'lastName' | 'profileImageUrl'> & {
  email: string | null;
} & Partial<Pick<ConversationUser, 'preferredName' | 'accessLevel'>>;

interface MessageThreadProps {
  viewerId: string;
  partner: ThreadPartner;
  unreadCount: number;
  blocked: boolean;
  onBlockChange: (block: boolean) => void;
  blockPending: boolean;
  onBack: () => void;
}

export function MessageThread({
  viewerId,
  partner,
  unreadCount,
  blocked,
  onBlockChange,
  blockPending,
  onBack,
}: MessageThreadProps) {
  const live = useLiveStatus() === 'connected';
  // While the socket is up new messages arrive through it; the poll is only the fallback.
  const thread = useMessages(partner.id, { live });
  const partnerTyping = usePartnerTyping(partner.id);
  const announceTyping = useAnnounceTyping(partner.id);
  const send = useSendMessage(viewerId);
  const remove = useDeleteMessage();
  const edit = useEditMessage();
  const markRead = useMarkConversationRead();
  const showToast = useToast();
  const [draft, setDraft] = useState('');
  const [reporting, setReporting] = useState<DirectMessage | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<DirectMessage | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // Opened by link before any conversation exists, the page knows only the id: the thread's first
  // page names the member, so the header never says 'Unknown member'.
  const named = partner.firstName || partner.lastName || partner.preferredName || partner.email;
  const pagePartner = thread.data?.pages[0]?.partner;
  const partnerName = memberDisplayName(!named && pagePartner ? pagePartner : partner);

  const messages = useMemo(() => threadMessages(thread.data?.pages ?? []), [thread.data]);
  // The 'Unread' divider stays above the first message that was unread when the thread opened, also
  // after reading it marked them read.
  const [unreadFromId, setUnreadFromId] = useState<string | null | undefined>(undefined);
  if (unreadFromId === undefined && thread.data)
    setUnreadFromId(messages.find((message) => message.senderId === partner.id && !message.isRead)?.id ?? null);
  const rows = useMemo(() => threadRows(messages, unreadFromId ?? null), [messages, unreadFromId]);

  // Opening a conversation reads it, once the thread is loaded so one call covers
  // what the list counted and what the page shows; a message arriving while it is open is read too.
  // Each unread state is read once: the answer marks the cache read in place.
  const newestUnreadId = messages.findLast((message) => message.senderId === partner.id && !message.isRead)?.id;
  const readMarker = newestUnreadId ?? (unreadCount > 0 ? 'counted' : null);
  const lastRead = useRef<string | null>(null);
  const { mutate: markConversationRead } = markRead;
  const threadLoaded = Boolean(thread.data);
  useEffect(() => {
    if (!threadLoaded || !readMarker || lastRead.current === readMarker) return;
    lastRead.current = readMarker;
    markConversationRead({ partnerId: partner.id, viewerId });
  }, [threadLoaded, readMarker, partner.id, viewerId, markConversationRead]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: THREAD_OVERSCAN,
    getItemKey: (index) => rows[index]!.key,
  });

  // Where the list must stay after it changes: at the bottom for a new message, at the same
  // message when older ones are put above it.
  const edges = useRef<{ firstId?: string; lastId?: string }>({});
  // A member reading back up the thread is not pulled down by a polled message; their own send does.
  const nearBottom = useRef(true);
  useLayoutEffect(() => {
    const first = messages[0];
    const last = messages.at(-1);
    const previous = edges.current;
    edges.current = { firstId: first?.id, lastId: last?.id };
    if (!last) return;
    if (previous.lastId !== last.id && (nearBottom.current || !previous.lastId || last.senderId === viewerId)) {
      virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    } else if (previous.firstId && previous.firstId !== first?.id) {
      const keptIndex = rows.findIndex((row) => row.key === previous.firstId);
      if (keptIndex > 0) virtualizer.scrollToIndex(keptIndex, { align: 'start' });
    }
  }, [messages, rows, virtualizer, viewerId]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const loadOlder = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const onScroll = () => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    nearBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= NEAR_BOTTOM_PX;
    if (scroller.scrollTop <= LOAD_OLDER_WITHIN_PX) loadOlder();
  };

  const sendDraft = (content: string) => {
    setDraft('');
    announceTyping.draftChanged('');
    send.mutate(
      { recipientId: partner.id, content },
      {
        onError: (error) => {
          // The text comes back so the member can try again without retyping it.
          setDraft((current) => current || content);
          showToast({ severity: 'error', title: DM_TEXTS.sendFailed, description: failureDescription(error) });
        },
      },
    );
  };

  const askToDelete = (message: DirectMessage) => {
    if (!isTemporaryMessage(message)) setConfirmingDelete(message);
  };
  const deleteMessage = (message: DirectMessage) => {
    remove.mutate(
      { message, viewerId },
      {
        onSuccess: () => setConfirmingDelete(null),
        onError: (error) => {
          setConfirmingDelete(null);
          showToast({ severity: 'error', title: DM_TEXTS.deleteFailed, description: failureDescription(error) });
        },
      },
    );
  };
  const saveEdit = (message: DirectMessage, content: string) => {
    edit.mutate(
      { message, content, viewerId },
      {
        onSuccess: () => setEditingId(null),
        onError: (error) =>
          showToast({ severity: 'error', title: DM_TEXTS.editFailed, description: failureDescription(error) }),
      },
    );
  };

  let body;
  if (thread.isPending) {
    body = (
      <Box sx={{ flex: 1, px: 2 }}>
        <ListSkeleton label="Loading messages" rows={4} />
      </Box>
    );
  } else if (thread.isError && messages.length === 0) {
    body = (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void thread.refetch()} loading={thread.isFetching}>
              Try Again
            </Button>
          }
        >
          <AlertTitle>{DM_TEXTS.loadFailedTitle}</AlertTitle>
          {DM_TEXTS.loadFailed}
        </Alert>
      </Box>
    );
  } else if (messages.length === 0) {
    body = (
      <Stack sx={{ flex: 1, justifyContent: 'center', p: 2 }}>
        <EmptyState compact icon={<ChatBubbleOutlineIcon />} text={DM_TEXTS.noMessages} />
      </Stack>
    );
  } else {
    body = (
      <Box
        ref={scrollRef}
        onScroll={onScroll}
        sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
        data-testid="message-scroller"
      >
        {hasNextPage && (
          <Stack sx={{ alignItems: 'center', py: 1 }}>
            <Button size="small" onClick={loadOlder} loading={isFetchingNextPage}>
              Load older messages
            </Button>
          </Stack>
        )}
        <Box
          role="list"
          aria-label={`Messages with ${partnerName}`}
          sx={{ position: 'relative', height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((virtualRow) => {
            const row = rows[virtualRow.index]!;
            const place = {
              role: 'listitem',
              'aria-setsize': rows.length,
              'aria-posinset': virtualRow.index + 1,
              'data-index': virtualRow.index,
              ref: virtualizer.measureElement,
              sx: {
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${virtualRow.start}px)`,
              },
            } as const;
            if (row.kind !== 'message')
              return (
                <Box key={virtualRow.key} {...place}>
                  <Divider
                    role="separator"
                    aria-label={row.label}
                    sx={{
                      px: 2,
                      py: 1,
                      typography: 'caption',
                      color: row.kind === 'unread' ? 'error.main' : 'text.secondary',
                      '&::before, &::after': row.kind === 'unread' ? { borderColor: 'error.main' } : undefined,
                    }}
                  >
                    {row.label}
                  </Divider>
                </Box>
              );
            const message = row.message;
            return (
              <Box key={virtualRow.key} {...place}>
                <MessageItem
                  message={message}
                  isOwn={message.senderId === viewerId}
                  senderName={partnerName}
                  senderPicture={partner.profileImageUrl}
                  onDelete={askToDelete}
                  onReport={setReporting}
                  editing={editingId === message.id}
                  editPending={edit.isPending}
                  onEdit={(target) => setEditingId(target?.id ?? null)}
                  onSaveEdit={saveEdit}
                />
              </Box>
            );
          })}
        </Box>
      </Box>
    );
  }

  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={`Conversation with ${partnerName}`}
      sx={{ display: 'flex', flexDirection: 'column', height: { xs: '70vh', md: '72vh' }, minHeight: 360 }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: { xs: 1, sm: 2 }, py: 1, flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <IconButton aria-label="Back to conversations" onClick={onBack} sx={{ display: { md: 'none' } }} size="small">
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ minWidth: 0, flexShrink: 1 }}>
          <MemberLink userId={partner.id}>{partnerName}</MemberLink>
        </Typography>
        {partner.accessLevel && <Chip size="small" variant="outlined" label={partner.accessLevel} />}
        <Box sx={{ flexGrow: 1 }} />
        <LiveIndicator connected={live} />
        <IconButton
          aria-label="Conversation options"
          aria-haspopup="menu"
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          size="small"
        >
          <MoreVertIcon />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          <MenuItem
            disabled={blockPending}
            onClick={() => {
              setMenuAnchor(null);
              onBlockChange(!blocked);
            }}
          >
            {blocked ? `Unblock ${partnerName}` : `Block ${partnerName}`}
          </MenuItem>
        </Menu>
      </Stack>
      <Divider />
      {body}
      <Divider />
      <Typography variant="caption" color="text.secondary" role="status" sx={{ px: 2, minHeight: '1.5em' }}>
        {partnerTyping ? `${partnerName} is typing...` : ''}
      </Typography>
      <Box sx={{ p: { xs: 1, sm: 1.5 } }}>
        <Composer
          value={draft}
          onChange={(value) => {
            setDraft(value);
            announceTyping.draftChanged(value);
          }}
          onSend={sendDraft}
          pending={send.isPending}
          disabledReason={blocked ? 'You have blocked this member. Unblock them to write here.' : undefined}
        />
      </Box>
      <ReportMessageDialog message={reporting} onClose={() => setReporting(null)} />
      <DeleteMessageDialog
        message={confirmingDelete}
        partnerName={partnerName}
        pending={remove.isPending}
        onConfirm={deleteMessage}
        onClose={() => setConfirmingDelete(null)}
      />
    </Card>
  );
}
