import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { BrandLink } from '../../components/BrandLink.tsx';

export function SignedOutHeader() {
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar>
        <BrandLink />
      </Toolbar>
    </Box>
  );
}
