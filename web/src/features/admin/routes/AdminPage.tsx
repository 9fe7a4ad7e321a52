import { isCoreOrAdmin } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AccessLevelsTab } from '../components/AccessLevelsTab.tsx';
import { AuditLogsTab } from '../components/AuditLogsTab.tsx';
import { ForumModsTab } from '../components/ForumModsTab.tsx';
import { ForumsTab } from '../components/ForumsTab.tsx';
import { MessagesTab } from '../components/MessagesTab.tsx';
import { ModerationTab } from '../components/ModerationTab.tsx';
import { ReviewQueueTab } from '../components/ReviewQueueTab.tsx';
import { UsersTab } from '../components/UsersTab.tsx';

interface AdminTab {
  /** The tab's name in the address (?tab=users), so a reload or a shared link lands on it. */
  key: string;
  label: string;
  /** Shown to Core members who are not admins too (the access levels, which Core may edit). */
  forCore: boolean;
  render: () => ReactNode;
}

/** The console's tabs, in order; tabs that would only say 'coming soon' are left out. */
const ADMIN_TABS: AdminTab[] = [
  { key: 'users', label: 'Users', forCore: false, render: () => <UsersTab /> },
  {
    key: 'access-levels',
    label: 'Access Levels',
    forCore: true,
    render: () => <AccessLevelsTab canEdit />,
  },
  { key: 'forums', label: 'Forums', forCore: false, render: () => <ForumsTab /> },
  { key: 'forum-mods', label: 'Forum Mods', forCore: false, render: () => <ForumModsTab /> },
  { key: 'messages', label: 'Messages', forCore: false, render: () => <MessagesTab /> },
  { key: 'moderation', label: 'Moderation', forCore: false, render: () => <ModerationTab /> },
  { key: 'review-queue', label: 'Review Queue', forCore: false, render: () => <ReviewQueueTab /> },
  { key: 'audit-logs', label: 'Audit Logs', forCore: false, render: () => <AuditLogsTab /> },
];

export const ADMIN_ACCESS_DENIED_TEXT = 'The admin console is available only to Core and Admin users.';

/**
 * The admin console (/admin). Admins (by flag or level) get every tab; Core members get the access
 * levels, which they may edit; anyone below Core gets the 'Access Denied' notice.
 * The services refuse the calls of anyone not allowed, whatever this page shows.
 */
export default function AdminPage() {
  useDocumentTitle('Admin');
  const member = useCurrentMember();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!member) return null;

  if (!isCoreOrAdmin(member))
    return (
      <Container sx={{ py: 3 }}>
        <Alert severity="error">
          <AlertTitle>Access Denied</AlertTitle>
          {ADMIN_ACCESS_DENIED_TEXT}
        </Alert>
      </Container>
    );
  const isAdmin = member.isAdmin || member.accessLevel === 'Admin';
  const tabs = ADMIN_TABS.filter((tab) => isAdmin || tab.forCore);
  const current = tabs.find((tab) => tab.key === searchParams.get('tab')) ?? tabs[0]!;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Admin Console
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.key}
          onChange={(_event, key: string) => setSearchParams({ tab: key })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Admin sections"
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`admin-tab-${tab.key}`}
              aria-controls="admin-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="admin-panel" aria-labelledby={`admin-tab-${current.key}`}>
        {current.render()}
      </Box>
    </Container>
  );
}
