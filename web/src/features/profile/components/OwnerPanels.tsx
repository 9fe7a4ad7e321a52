import { displayName } from '@crucible/proto';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useConversations } from '../../../lib/direct-message-queries.ts';
import { useWatched } from '../api/get-watched.ts';
import { WidgetCard, WidgetError } from './WidgetCard.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton, TextSkeleton } from '../../../components/Skeletons.tsx';

const SHOWN = 3;

/** The last 3 conversations, own profile only. */
export function RecentNotificationsCard() {
  const conversations = useConversations({ enabled: true });
  let body;
  if (conversations.isPending) body = <ListSkeleton label="Loading messages" />;
  else if (conversations.isError)
    body = <WidgetError text="Could not load messages" onRetry={() => void conversations.refetch()} />;
  else if (conversations.data.length === 0)
    body = (
      <EmptyState
        compact
        icon={<MailOutlinedIcon />}
        text="No recent messages"
        action={
          <Button variant="outlined" size="small" component={RouterLink} to="/messages">
            Send a Message
          </Button>
        }
      />
    );
  else
    body = (
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {conversations.data.slice(0, SHOWN).map((conversation) => (
          <li key={conversation.otherUser.id}>
            <Link component={RouterLink} to="/messages" sx={{ fontWeight: conversation.unreadCount > 0 ? 700 : 400 }}>
              {displayName(conversation.otherUser, { withEmail: true })}
            </Link>
            {conversation.lastMessage && (
              <Typography variant="body2" color="text.secondary" noWrap>
                {conversation.lastMessage.content}
              </Typography>
            )}
          </li>
        ))}
      </Stack>
    );
  return <WidgetCard title="Recent Notifications">{body}</WidgetCard>;
}

/** The first 3 watched discussions, each linking to the forum. */
export function WatchedForumsCard({ userId }: { userId: string }) {
  const watched = useWatched(userId, true);
  let body;
  if (watched.isPending) body = <TextSkeleton label="Loading watched discussions" />;
  else if (watched.isError)
    body = <WidgetError text="Could not load watched discussions" onRetry={() => void watched.refetch()} />;
  else if (watched.data.length === 0)
    body = (
      <EmptyState
        compact
        icon={<BookmarkBorderIcon />}
        text="You are not watching any discussions"
        action={
          <Button variant="outlined" size="small" component={RouterLink} to="/forums">
            Browse the Forums
          </Button>
        }
      />
    );
  else
    body = (
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {watched.data.slice(0, SHOWN).map((discussion) => (
          <li key={discussion.id}>
            <Link component={RouterLink} to={`/forums?discussion=${encodeURIComponent(discussion.id)}`}>
              {discussion.title}
            </Link>
          </li>
        ))}
      </Stack>
    );
  return (
    <WidgetCard
      title="Watched Forums"
      action={
        <Link component={RouterLink} to="/forums" variant="body2">
          Forums
        </Link>
      }
    >
      {body}
    </WidgetCard>
  );
}
