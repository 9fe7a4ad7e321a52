import { LIMITS } from '@crucible/proto';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { CountBadge } from '../../../components/CountBadge.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { isUnauthorizedError } from '../../../lib/api-request.ts';
import { formatBadgeCount } from '../../../lib/format-badge-count.ts';
import { redirectToLoginSoon } from '../../../lib/login-redirect.ts';
import { useNotificationUnreadCount } from '../api/get-notification-unread-count.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import type { NotificationDetail } from '@crucible/proto';
import { NotificationItem } from './NotificationItem.tsx';

/** The bell of the navigation bar. A failing notifications service leaves an empty, quiet menu. */
export function NotificationsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const menuId = useId();
  const { data: unread } = useNotificationUnreadCount();
  const notificationsQuery = useNotifications();
  const notifications = notificationsQuery.data ?? [];
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const showToast = useToast();
  const unreadCount = unread?.count ?? 0;
  // Unread first, so the entries the badge counts are the ones the menu shows and counts.
  const ordered = [...notifications.filter((entry) => !entry.isRead), ...notifications.filter((entry) => entry.isRead)];
  const shown = ordered.slice(0, LIMITS.notifications.dropdownMax);
  // The list holds the newest entries; the unread count covers them all, so N is never below the badge.
  const total = Math.max(notifications.length, unreadCount);

  function reportFailure(error: Error, description: string) {
    if (isUnauthorizedError(error)) {
      showToast({ severity: 'error', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
      redirectToLoginSoon();
      return;
    }
    showToast({ severity: 'error', title: 'Error', description });
  }

  /** Marks it read and opens what it is about; only a link inside the app is followed. */
  function select(notification: NotificationDetail) {
    if (notification.link?.startsWith('/') && !notification.link.startsWith('//')) {
      setAnchor(null);
      void navigate(notification.link);
    }
    if (notification.isRead) return;
    markRead.mutate(notification.id, {
      onError: (error) => reportFailure(error, 'Failed to mark notification as read.'),
    });
  }

  function markAllAsRead() {
    markAllRead.mutate(undefined, {
      onSuccess: () =>
        showToast({
          severity: 'success',
          title: 'All notifications marked as read',
          description: 'Your notification list has been cleared.',
        }),
      onError: (error) => reportFailure(error, 'Failed to mark all notifications as read.'),
    });
  }

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unreadCount ? `Notifications, ${formatBadgeCount(unreadCount)} unread` : 'Notifications'}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <CountBadge count={unreadCount}>
          <NotificationsIcon />
        </CountBadge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle1" component="h2">
            Notifications
          </Typography>
          <Button size="small" onClick={markAllAsRead} disabled={unreadCount === 0} loading={markAllRead.isPending}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        {notificationsQuery.isPending ? (
          <Box sx={{ px: 2 }}>
            <ListSkeleton label="Loading notifications" />
          </Box>
        ) : (
          shown.length === 0 && (
            // What arrives here comes from others (replies, messages, mentions): nothing for the member to do yet.
            <EmptyState compact icon={<NotificationsNoneIcon />} text="No notifications" />
          )
        )}
        {shown.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onSelect={() => select(notification)} />
        ))}
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {total > shown.length ? `Showing ${shown.length} of ${total}` : ''}
          </Typography>
          <Button
            size="small"
            onClick={() => {
              setAnchor(null);
              void navigate('/notifications');
            }}
          >
            View all
          </Button>
        </Box>
      </Menu>
    </>
  );
}
