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
import { useMessages } from '../api/get-messages.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { ConversationMember, DirectMessage } from '../api/types.ts';
import {
  DM_TEXTS,
  failureDescription,
  isTemporaryMessage,
  memberDisplayName,
  threadMessages,
} from '../message-rules.ts';
import { Composer } from './Composer.tsx';
import { LiveIndicator } from './LiveIndicator.tsx';
import { useAnnounceTyping, usePartnerTyping } from './use-typing.ts';
import { useLiveStatus } from '../../../lib/live-socket/live-socket-context.tsx';
import { MemberLink } from './MemberLink.tsx';
import { MessageItem } from './MessageItem.tsx';
import { ReportMessageDialog } from './ReportMessageDialog.tsx';

/** Spec 2 section 9: the message list is virtualised with an overscan of 10 and rows estimated at 80 px. */
export const THREAD_OVERSCAN = 10;
export const ESTIMATED_ROW_PX = 80;
/** How close to the top (px) a scroll must come to load older messages. */
const LOAD_OLDER_WITHIN_PX = 120;
/** How close to the bottom (px) counts as following the conversation. */
const NEAR_BOTTOM_PX = 160;

/** A conversation's member, or one picked from the directory (whose email may be hidden). */
export type ThreadPartner = Pick<ConversationMember, 'id' | 'firstName' | 'lastName' | 'profileImageUrl'> & {
  email: string | null;
} & Partial<Pick<ConversationMember, 'preferredName' | 'accessLevel'>>;

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
  const markRead = useMarkConversationRead();
  const showToast = useToast();
  const [draft, setDraft] = useState('');
  const [reporting, setReporting] = useState<DirectMessage | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const partnerName = memberDisplayName(partner);

  const messages = useMemo(() => threadMessages(thread.data?.pages ?? []), [thread.data]);
  // Opening a conversation reads it (spec 2 section 4), and so does a poll that brings new messages
  // into the open thread, whether the list's count or the thread's own poll sees them first.
  const newestUnreadId = messages.findLast((message) => message.senderId === partner.id && !message.isRead)?.id;
  const { mutate: markConversationRead } = markRead;
  useEffect(() => {
    if (unreadCount > 0 || newestUnreadId) markConversationRead(partner.id);
  }, [unreadCount, newestUnreadId, partner.id, markConversationRead]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: THREAD_OVERSCAN,
    getItemKey: (index) => messages[index]!.id,
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
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    } else if (previous.firstId && previous.firstId !== first?.id) {
      const keptIndex = messages.findIndex((message) => message.id === previous.firstId);
      if (keptIndex > 0) virtualizer.scrollToIndex(keptIndex, { align: 'start' });
    }
  }, [messages, virtualizer, viewerId]);

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

  const deleteMessage = (message: DirectMessage) => {
    if (isTemporaryMessage(message)) return;
    remove.mutate(
      { messageId: message.id, otherUserId: partner.id },
      {
        onError: (error) =>
          showToast({ severity: 'error', title: DM_TEXTS.deleteFailed, description: failureDescription(error) }),
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
          {virtualizer.getVirtualItems().map((row) => {
            const message = messages[row.index]!;
            const isOwn = message.senderId === viewerId;
            return (
              <Box
                key={row.key}
                role="listitem"
                data-index={row.index}
                ref={virtualizer.measureElement}
                aria-setsize={messages.length}
                aria-posinset={row.index + 1}
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
              >
                <MessageItem
                  message={message}
                  isOwn={isOwn}
                  senderName={partnerName}
                  senderPicture={partner.profileImageUrl}
                  onDelete={deleteMessage}
                  onReport={setReporting}
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
          <MemberLink id={partner.id} name={partnerName} />
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
    </Card>
  );
}
