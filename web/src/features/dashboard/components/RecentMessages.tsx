import { LIMITS, displayName } from '@crucible/proto';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { useConversations, useQuota } from '../../../lib/direct-message-queries.ts';
import { storagePercent, truncate } from '../dashboard-rules.ts';
import { DashboardCard, type CardQueryState } from './DashboardCard.tsx';

/** The dashboard keeps the conversations fresh for 30 s and polls them as often. */
const DASHBOARD_CONVERSATIONS_FRESHNESS = { staleTime: 30_000, refetchInterval: 30_000 };

/** Three conversations; Core members also see how much of their message storage is used. */
export function RecentMessages({ isCore }: { isCore: boolean }) {
  const conversations = useConversations(DASHBOARD_CONVERSATIONS_FRESHNESS);
  const quota = useQuota({ enabled: isCore });
  const queries: CardQueryState[] = isCore ? [conversations, quota] : [conversations];
  const state: CardQueryState = {
    isPending: queries.some((query) => query.isPending),
    isError: queries.some((query) => query.isError),
    refetch: () => Promise.all(queries.map((query) => query.refetch())),
  };
  const recent = (conversations.data ?? []).slice(0, LIMITS.dashboard.conversations);
  const hasMessages = recent.length > 0;
  return (
    <DashboardCard
      title="Recent Messages"
      query={state}
      action={
        hasMessages && (
          <Button component={RouterLink} to="/messages" size="small" sx={{ alignSelf: 'flex-start' }}>
            View All Messages
          </Button>
        )
      }
    >
      {!hasMessages && (
        <EmptyState
          compact
          icon={<MailOutlinedIcon />}
          text="No messages yet."
          action={
            <Button component={RouterLink} to="/messages" variant="outlined" size="small">
              Send Your First Message
            </Button>
          }
        />
      )}
      {recent.map(({ otherUser, lastMessage, unreadCount }) => (
        <Stack key={otherUser.id} spacing={0.25}>
          <Typography sx={{ fontWeight: unreadCount > 0 ? 700 : 600 }}>
            <MemberLink userId={otherUser.id}>{displayName(otherUser, { withEmail: true, unknown: '' })}</MemberLink>
            {unreadCount > 0 && ` (${unreadCount} unread)`}
          </Typography>
          {lastMessage && (
            <Typography variant="body2" color="text.secondary">
              {truncate(lastMessage.content, LIMITS.dashboard.messagePreview)}
            </Typography>
          )}
        </Stack>
      ))}
      {isCore && quota.data && (
        <Stack spacing={0.5}>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2">Storage used</Typography>
            <Typography variant="body2" data-testid="storage-percent">
              {storagePercent(quota.data.usedBytes, quota.data.maxBytes)}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            aria-label="Message storage used"
            value={Math.min(100, (quota.data.usedBytes / Math.max(1, quota.data.maxBytes)) * 100)}
          />
        </Stack>
      )}
    </DashboardCard>
  );
}
