import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { NotificationDetail } from '@crucible/proto';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNotificationPage } from '../api/get-notification-page.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NotificationItem } from '../components/NotificationItem.tsx';
import { NotificationPreferencesSection } from '../components/NotificationPreferencesSection.tsx';

/** Every notification of the member, newest first, a page at a time; `?filter=unread` shows the unread only. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('filter') === 'unread';
  const page = useNotificationPage(unreadOnly);
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  const notifications = page.data?.pages.flatMap((each) => each.notifications) ?? [];

  function open(notification: NotificationDetail) {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (notification.link?.startsWith('/') && !notification.link.startsWith('//')) void navigate(notification.link);
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography variant="h4" component="h1">
          Notifications
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(_event, value: string | null) => {
            if (value) setParams(value === 'unread' ? { filter: 'unread' } : {});
          }}
          aria-label="Show"
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="unread">Unread</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Paper variant="outlined">
        {page.isPending ? (
          <ListSkeleton label="Loading notifications" />
        ) : notifications.length === 0 ? (
          <EmptyState
            compact
            icon={<NotificationsNoneIcon />}
            text={unreadOnly ? 'No unread notifications' : 'No notifications'}
          />
        ) : (
          <MenuList aria-label="Notifications">
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onSelect={() => open(notification)} />
            ))}
          </MenuList>
        )}
      </Paper>
      {page.hasNextPage && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Button onClick={() => void page.fetchNextPage()} loading={page.isFetchingNextPage}>
            Show older
          </Button>
        </Stack>
      )}
      <NotificationPreferencesSection />
    </Container>
  );
}
