import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CrucibleLogo } from './CrucibleLogo.tsx';

/** Home link with the logo; the name hides on the narrowest screens, where the link keeps it as its label. */
export function BrandLink() {
  return (
    <Link
      component={RouterLink}
      to="/"
      underline="none"
      color="inherit"
      aria-label="Crucible home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, borderRadius: 1 }}
    >
      <CrucibleLogo color="primary" />
      <Typography component="span" variant="h6" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        Crucible
      </Typography>
    </Link>
  );
}
