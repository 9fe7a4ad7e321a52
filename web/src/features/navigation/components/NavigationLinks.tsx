import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { CountBadge } from '../../../components/CountBadge.tsx';
import { isEntryActive, type NavigationEntry } from '../navigation-entries.ts';

/** The menu entries inline, for screens wide enough to show them all. */
export function NavigationLinks({
  entries,
  unreadMessages,
}: {
  entries: NavigationEntry[];
  unreadMessages: number | undefined;
}) {
  const { pathname } = useLocation();
  return (
    <Box component="ul" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry) => {
        const active = isEntryActive(entry.path, pathname);
        return (
          <li key={entry.path}>
            <Button
              component={RouterLink}
              to={entry.path}
              color="inherit"
              aria-current={active ? 'page' : undefined}
              sx={{
                px: 1.5,
                borderRadius: 2,
                fontWeight: active ? 700 : 500,
                bgcolor: active ? 'action.selected' : undefined,
                boxShadow: active ? (theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` : undefined,
              }}
            >
              {entry.showsUnreadMessages ? <CountBadge count={unreadMessages}>{entry.label}</CountBadge> : entry.label}
            </Button>
          </li>
        );
      })}
    </Box>
  );
}
