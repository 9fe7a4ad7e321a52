import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { ConversationsPanel } from './ConversationsPanel.tsx';
import { FlagsPanel } from './FlagsPanel.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';

const SUB_TABS = ['Conversations', 'Reports', 'Flags'] as const;
type SubTab = (typeof SUB_TABS)[number];

/** Messages: the Conversations, Reports and Flags sub-tabs. */
export function MessagesTab() {
  const [tab, setTab] = useState<SubTab>('Conversations');
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, next: SubTab) => setTab(next)}
        aria-label="Message moderation"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {SUB_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={name}
            id={`messages-tab-${name}`}
            aria-controls={`messages-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`messages-panel-${tab}`} aria-labelledby={`messages-tab-${tab}`}>
        {tab === 'Conversations' && <ConversationsPanel />}
        {tab === 'Reports' && <ReportsPanel />}
        {tab === 'Flags' && <FlagsPanel />}
      </Box>
    </>
  );
}
