import { isCoreOrAdmin } from '@crucible/proto';
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
import { ComingSoon } from '../components/ComingSoon.tsx';
import { ForumModsTab } from '../components/ForumModsTab.tsx';
import { ForumsTab } from '../components/ForumsTab.tsx';
import { MessagesTab } from '../components/MessagesTab.tsx';
import { ModerationTab } from '../components/ModerationTab.tsx';
import { UsersTab } from '../components/UsersTab.tsx';

interface AdminTab {
  /** The tab's name in the address (?tab=users), so a reload or a shared link lands on it. */
  key: string;
  label: string;
  /** Shown to members who are not admins too (the access levels, view only below Core). */
  forMembers: boolean;
  render: (canEditLevels: boolean) => ReactNode;
}

/** The tabs of spec 3 section 2, in order. */
const ADMIN_TABS: AdminTab[] = [
  { key: 'users', label: 'Users', forMembers: false, render: () => <UsersTab /> },
  {
    key: 'access-levels',
    label: 'Access Levels',
    forMembers: true,
    render: (canEdit) => <AccessLevelsTab canEdit={canEdit} />,
  },
  { key: 'forums', label: 'Forums', forMembers: false, render: () => <ForumsTab /> },
  { key: 'forum-mods', label: 'Forum Mods', forMembers: false, render: () => <ForumModsTab /> },
  { key: 'messages', label: 'Messages', forMembers: false, render: () => <MessagesTab /> },
  { key: 'moderation', label: 'Moderation', forMembers: false, render: () => <ModerationTab /> },
  { key: 'audit-logs', label: 'Audit Logs', forMembers: false, render: () => <AuditLogsTab /> },
  { key: 'modules', label: 'Modules', forMembers: true, render: () => <ComingSoon title="Modules" /> },
  { key: 'plugins', label: 'Plugins', forMembers: true, render: () => <ComingSoon title="Plugins" /> },
  { key: 'articles', label: 'Articles', forMembers: true, render: () => <ComingSoon title="Articles" /> },
];

/**
 * The admin console (/admin). Admins (by flag or level) get every tab. Anyone else gets the access
 * levels, which Core members may edit and others only view ('Viewing mode', spec 3 section 6), and
 * the placeholders. The services refuse the calls of anyone not allowed, whatever this page shows.
 */
export default function AdminPage() {
  useDocumentTitle('Admin');
  const member = useCurrentMember();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!member) return null;

  const isAdmin = member.isAdmin || member.accessLevel === 'Admin';
  const tabs = ADMIN_TABS.filter((tab) => isAdmin || tab.forMembers);
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
        {current.render(isCoreOrAdmin(member))}
      </Box>
    </Container>
  );
}
