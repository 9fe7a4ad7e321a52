import type { AccessLevel } from '@crucible/proto';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { LEVEL_COLOURS } from '../forum-levels.ts';

/** A level written out, with its colour as a dot beside the text (the colour alone never says the level). */
export function LevelBadge({ level, label }: { level: AccessLevel; label?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={
        <Box
          component="span"
          aria-hidden="true"
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: LEVEL_COLOURS[level], ml: '8px !important' }}
        />
      }
      label={label ?? level}
    />
  );
}
