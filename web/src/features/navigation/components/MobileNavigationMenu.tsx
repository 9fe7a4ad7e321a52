import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { CountBadge } from '../../../components/CountBadge.tsx';
import { isEntryActive, type NavigationEntry } from '../navigation-entries.ts';

interface MobileNavigationMenuProps {
  entries: NavigationEntry[];
  unreadMessages: number | undefined;
  /** Shown above the entries, since the toolbar has no room for it on narrow screens. */
  header: ReactNode;
}

/** The menu entries behind one button, for screens too narrow to show them inline. */
export function MobileNavigationMenu({ entries, unreadMessages, header }: MobileNavigationMenuProps) {
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <Box sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Open menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <Box sx={{ px: 2, py: 1 }}>{header}</Box>
        {entries.map((entry) => {
          const active = isEntryActive(entry.path, pathname);
          return (
            <MenuItem
              key={entry.path}
              component={RouterLink}
              to={entry.path}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={close}
            >
              {entry.showsUnreadMessages ? <CountBadge count={unreadMessages}>{entry.label}</CountBadge> : entry.label}
            </MenuItem>
          );
        })}
      </Menu>
    </Box>
  );
}
