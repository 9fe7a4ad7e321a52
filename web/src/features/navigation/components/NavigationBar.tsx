import type { CurrentUser, FeatureFlags } from '@crucible/proto';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { BrandLink } from '../../../components/BrandLink.tsx';
import { useUnreadMessageCount } from '../../../lib/direct-message-queries.ts';
import { navigationEntries } from '../navigation-entries.ts';
import { MemberBadges } from './MemberBadges.tsx';
import { MobileNavigationMenu } from './MobileNavigationMenu.tsx';
import { NavigationLinks } from './NavigationLinks.tsx';
import { ProfileAvatarLink } from './ProfileAvatarLink.tsx';

interface NavigationBarProps {
  user: CurrentUser;
  flags: FeatureFlags;
  /** Menus owned by other features (theme, notifications), placed by the app. */
  actions: ReactNode;
  onSignOut: () => void;
  signingOut: boolean;
}

export function NavigationBar({ user, flags, actions, onSignOut, signingOut }: NavigationBarProps) {
  const entries = navigationEntries(user, flags);
  const { data: unreadMessages } = useUnreadMessageCount({ enabled: flags.messaging });

  return (
    <AppBar
      position="sticky"
      elevation={0}
      sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 2 } }}>
          <MobileNavigationMenu
            entries={entries}
            unreadMessages={unreadMessages?.count}
            header={<MemberBadges user={user} />}
          />
          <BrandLink />
          <NavigationLinks entries={entries} unreadMessages={unreadMessages?.count} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {actions}
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <MemberBadges user={user} />
        </Box>
        <ProfileAvatarLink user={user} />
        <Button
          color="inherit"
          onClick={onSignOut}
          loading={signingOut}
          aria-label="Sign out"
          startIcon={<LogoutIcon />}
          sx={{ minWidth: 0 }}
        >
          <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
            Sign Out
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
