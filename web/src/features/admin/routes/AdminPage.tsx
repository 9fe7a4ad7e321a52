import { hasAccess } from '@crucible/proto';
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
import { ADMIN_TEXTS } from '../admin-texts.ts';
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
  /** Core members who are not admins see only what Core may do (the access levels). */
  forCore: boolean;
  render: (canEditLevels: boolean) => ReactNode;
}

/** The tabs of spec 3 section 2, in order. */
const ADMIN_TABS: AdminTab[] = [
  { key: 'users', label: 'Users', forCore: false, render: () => <UsersTab /> },
  {
    key: 'access-levels',
    label: 'Access Levels',
    forCore: true,
    render: (canEdit) => <AccessLevelsTab canEdit={canEdit} />,
  },
  { key: 'forums', label: 'Forums', forCore: false, render: () => <ForumsTab /> },
  { key: 'forum-mods', label: 'Forum Mods', forCore: false, render: () => <ForumModsTab /> },
  { key: 'messages', label: 'Messages', forCore: false, render: () => <MessagesTab /> },
  { key: 'moderation', label: 'Moderation', forCore: false, render: () => <ModerationTab /> },
  { key: 'audit-logs', label: 'Audit Logs', forCore: false, render: () => <AuditLogsTab /> },
  { key: 'modules', label: 'Modules', forCore: true, render: () => <ComingSoon title="Modules" /> },
  { key: 'plugins', label: 'Plugins', forCore: true, render: () => <ComingSoon title="Plugins" /> },
  { key: 'articles', label: 'Articles', forCore: true, render: () => <ComingSoon title="Articles" /> },
];

/**
 * The admin console (/admin). Admins (by flag or level) get every tab; Core members, who see the
 * menu entry too (spec 1 section 2), get the access levels they may edit; anyone else is refused.
 * The services refuse the calls of anyone not allowed, whatever this page shows.
 */
export default function AdminPage() {
  useDocumentTitle('Admin');
  const member = useCurrentMember();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!member) return null;

  const isAdmin = member.isAdmin || member.accessLevel === 'Admin';
  const isCore = hasAccess(member.accessLevel, 'Core');
  if (!isAdmin && !isCore)
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">
          <AlertTitle>{ADMIN_TEXTS.accessDenied}</AlertTitle>
          {ADMIN_TEXTS.accessDeniedDescription}
        </Alert>
      </Container>
    );

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
        {current.render(isAdmin || isCore)}
      </Box>
    </Container>
  );
}
