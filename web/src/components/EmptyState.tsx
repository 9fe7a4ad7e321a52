import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * What an empty list says: an icon, one sentence, and the action that gets the member going.
 * The icon is decoration; the sentence carries the meaning.
 */
export function EmptyState({ icon, text, action }: { icon: ReactNode; text: ReactNode; action?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py: { xs: 3, sm: 5 },
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 2,
      }}
    >
      <Box aria-hidden="true" sx={{ color: 'text.secondary', '& svg': { fontSize: 40 } }}>
        {icon}
      </Box>
      <Typography color="text.secondary" sx={{ maxWidth: '40ch' }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}
