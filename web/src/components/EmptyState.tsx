import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * What an empty list says: an icon, one sentence, and the action that gets the member going.
 * The icon is decoration; the sentence carries the meaning. `compact` drops the dashed frame and
 * most of the space, for places that already frame it: a card, a menu, a table cell, a chat panel.
 */
export function EmptyState({
  icon,
  text,
  action,
  compact = false,
}: {
  icon: ReactNode;
  text: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: compact ? 1 : 1.5,
        py: compact ? 2 : { xs: 3, sm: 5 },
        px: 2,
        ...(!compact && { border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 2 }),
      }}
    >
      <Box aria-hidden="true" sx={{ color: 'text.secondary', '& svg': { fontSize: compact ? 32 : 40 } }}>
        {icon}
      </Box>
      <Typography color="text.secondary" sx={{ maxWidth: '40ch' }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}
