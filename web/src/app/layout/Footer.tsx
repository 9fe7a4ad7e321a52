import { COPYRIGHT_YEAR } from '@crucible/proto';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, px: 2, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}
    >
      <Typography variant="body2" color="text.secondary">
        © {COPYRIGHT_YEAR} Crucible. All rights reserved.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Crucible™ and the Crucible logo are trademarks of Crucible. Other marks belong to their respective owners.
      </Typography>
    </Box>
  );
}
