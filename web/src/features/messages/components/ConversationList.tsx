import AddIcon from '@mui/icons-material/Add';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS, type ConversationSummary } from '@crucible/proto';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatBadgeCount } from '../../../lib/format-badge-count.ts';
import { memberDisplayName, stripHtml } from '../message-rules.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { MemberLink } from '../../../components/MemberLink.tsx';

interface ConversationListProps {
  conversations: ConversationSummary[];
  selectedId: string | null;
  onSelect: (otherUserId: string) => void;
  onNewMessage: () => void;
}

export const NO_CONVERSATIONS_TEXT = 'You have no conversations yet.';

function preview(conversation: ConversationSummary): string {
  if (!conversation.lastMessage) return 'No messages yet';
  const text = stripHtml(conversation.lastMessage.content).replace(/\s+/g, ' ').trim();
  const max = LIMITS.dashboard.messagePreview;
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function ConversationList({ conversations, selectedId, onSelect, onNewMessage }: ConversationListProps) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="conversations-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography id="conversations-heading" variant="h6" component="h2">
          Conversations
        </Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={onNewMessage}>
          New
        </Button>
      </Stack>
      {conversations.length === 0 ? (
        <EmptyState
          compact
          icon={<ForumOutlinedIcon />}
          text={NO_CONVERSATIONS_TEXT}
          action={
            <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={onNewMessage}>
              Start a Conversation
            </Button>
          }
        />
      ) : (
        <List dense aria-label="Conversations" sx={{ py: 0 }}>
          {conversations.map((conversation) => {
            const name = memberDisplayName(conversation.otherUser);
            const unread = conversation.unreadCount > 0 ? formatBadgeCount(conversation.unreadCount) : null;
            return (
              <ListItem key={conversation.otherUser.id} disablePadding sx={{ alignItems: 'flex-start' }}>
                {/* The avatar leads to the member's profile; the row beside it opens the conversation
                    (a link inside the row's button would be a control inside a control). */}
                <Box sx={{ pl: 2, pt: 1 }}>
                  <MemberLink userId={conversation.otherUser.id} label={`${name}'s profile`}>
                    <UserAvatar name={conversation.otherUser.firstName} src={conversation.otherUser.profileImageUrl} />
                  </MemberLink>
                </Box>
                <ListItemButton
                  selected={conversation.otherUser.id === selectedId}
                  aria-current={conversation.otherUser.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(conversation.otherUser.id)}
                  sx={{ gap: 1, alignItems: 'flex-start', pl: 1 }}
                >
                  <ListItemText
                    primary={name}
                    secondary={preview(conversation)}
                    slotProps={{
                      primary: { sx: { fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' } },
                      secondary: { sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } },
                    }}
                    sx={{ minWidth: 0 }}
                  />
                  {unread && (
                    <Chip size="small" color="error" label={unread} aria-label={`${unread} unread`} sx={{ mt: 0.5 }} />
                  )}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Card>
  );
}
