import AddIcon from '@mui/icons-material/Add';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserSummary } from '@crucible/proto';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useConversations, useQuota } from '../../../lib/direct-message-queries.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useBlockMember } from '../api/block-member.ts';
import { useBlocks } from '../api/get-blocks.ts';
import { useConversationUsage } from '../api/get-conversation-usage.ts';
import { CONVERSATIONS_POLL_MS, CONVERSATIONS_STALE_MS } from '../api/message-query-keys.ts';
import { useUnblockMember } from '../api/unblock-member.ts';
import { BlockedMembersCard } from '../components/BlockedMembersCard.tsx';
import { ConversationList } from '../components/ConversationList.tsx';
import { ConversationUsageCard } from '../components/ConversationUsageCard.tsx';
import { MessageThread, type ThreadPartner } from '../components/MessageThread.tsx';
import { NewConversationDialog } from '../components/NewConversationDialog.tsx';
import { QuotaCard } from '../components/QuotaCard.tsx';
import { useQuotaWarnings } from '../components/use-quota-warnings.ts';
import { failureDescription, memberDisplayName } from '../message-rules.ts';

/** The open conversation lives in the URL (?with={userId}) so back, reload and shared links keep it. */
const PARTNER_PARAM = 'with';

/**
 * /messages. The messaging flag hides the menu entry and the unread count; the
 * route itself stays, as every flagged route does (web/README.md), so a bookmark still opens.
 */
export default function MessagesPage() {
  useDocumentTitle('Messages');
  const member = useCurrentMember();
  return member ? <Messages viewerId={member.id} /> : null;
}

function Messages({ viewerId }: { viewerId: string }) {
  const [params, setParams] = useSearchParams();
  // One cannot write to oneself, so a link to one's own id opens no conversation.
  const partnerId = params.get(PARTNER_PARAM) === viewerId ? null : params.get(PARTNER_PARAM);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [started, setStarted] = useState<UserSummary | null>(null);
  const conversations = useConversations({ staleTime: CONVERSATIONS_STALE_MS, refetchInterval: CONVERSATIONS_POLL_MS });
  const quota = useQuota();
  const usage = useConversationUsage();
  const blocks = useBlocks();
  const block = useBlockMember();
  const unblock = useUnblockMember();
  const showToast = useToast();
  useQuotaWarnings(quota.data);

  const list = conversations.data ?? [];
  const open = (otherUserId: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (otherUserId) next.set(PARTNER_PARAM, otherUserId);
      else next.delete(PARTNER_PARAM);
      return next;
    });

  const conversation = partnerId ? list.find((summary) => summary.otherUser.id === partnerId) : undefined;
  const partner: ThreadPartner | null = partnerId
    ? (conversation?.otherUser ??
      (started?.id === partnerId ? started : null) ?? {
        id: partnerId,
        firstName: null,
        lastName: null,
        email: '',
        profileImageUrl: null,
      })
    : null;
  const blockedIds = new Set((blocks.data ?? []).map((entry) => entry.userId));

  const changeBlock = (userId: string, name: string, blocking: boolean) => {
    const mutation = blocking ? block : unblock;
    mutation.mutate(userId, {
      onSuccess: () =>
        showToast({ severity: 'success', title: blocking ? `${name} is blocked` : `${name} is unblocked` }),
      onError: (error) =>
        showToast({
          severity: 'error',
          title: blocking ? 'Failed to block member' : 'Failed to unblock member',
          description: failureDescription(error),
        }),
    });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1, sm: 3 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            Messages
          </Typography>
          <Typography color="text.secondary">Private conversations with other members.</Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialogOpen(true)}>
          New Message
        </Button>
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ display: { xs: partner ? 'none' : 'flex', md: 'flex' }, minWidth: 0 }}>
          {quota.data && <QuotaCard quota={quota.data} />}
          {usage.data && usage.data.length > 0 && <ConversationUsageCard usage={usage.data} conversations={list} />}
          {conversations.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void conversations.refetch()}>
                  Try Again
                </Button>
              }
            >
              Your conversations could not be loaded.
            </Alert>
          ) : conversations.isPending ? (
            <Card variant="outlined" sx={{ px: 2 }}>
              <ListSkeleton label="Loading conversations" />
            </Card>
          ) : (
            conversations.data && (
              <ConversationList
                conversations={list}
                selectedId={partnerId}
                onSelect={open}
                onNewMessage={() => setDialogOpen(true)}
              />
            )
          )}
          {blocks.data && (
            <BlockedMembersCard
              blocks={blocks.data}
              conversations={list}
              unblockingId={unblock.isPending ? (unblock.variables ?? null) : null}
              onUnblock={(userId) => {
                const known =
                  blocks.data.find((entry) => entry.userId === userId)?.user ??
                  list.find((summary) => summary.otherUser.id === userId)?.otherUser;
                changeBlock(userId, known ? memberDisplayName(known) : 'Member', false);
              }}
            />
          )}
        </Stack>
        <Box sx={{ display: { xs: partner ? 'block' : 'none', md: 'block' }, minWidth: 0 }}>
          {partner ? (
            <MessageThread
              key={partner.id}
              viewerId={viewerId}
              partner={partner}
              unreadCount={conversation?.unreadCount ?? 0}
              blocked={blockedIds.has(partner.id)}
              blockPending={block.isPending || unblock.isPending}
              onBlockChange={(blocking) => changeBlock(partner.id, memberDisplayName(partner), blocking)}
              onBack={() => open(null)}
            />
          ) : (
            // The header's New Message button is the action; a second one here would repeat it.
            <EmptyState
              icon={<MailOutlinedIcon />}
              text="Choose a conversation, or start a new one with New Message."
            />
          )}
        </Box>
      </Box>

      <NewConversationDialog
        open={dialogOpen}
        viewerId={viewerId}
        onClose={() => setDialogOpen(false)}
        onStarted={(recipient) => {
          setStarted(recipient);
          open(recipient.id);
        }}
      />
    </Container>
  );
}
