import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { forumSearch, type ForumLocation } from '../forum-location.ts';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb, the current view, has none. */
  to?: ForumLocation;
}

/**
 * Forums > {level} Forums > topic > discussion; each crumb but the current one goes back to its view.
 * On narrow screens the trail stays on one line, each crumb cut with an ellipsis (its full text is its title).
 */
export function ForumBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumbs
      aria-label="Forum location"
      sx={{
        mb: 2,
        '& ol': { flexWrap: { xs: 'nowrap', sm: 'wrap' } },
        '& .MuiBreadcrumbs-li': { minWidth: 0, flexShrink: 1 },
        '& .MuiBreadcrumbs-li:first-of-type': { flexShrink: 0 },
        '& .MuiBreadcrumbs-li > *': {
          display: 'block',
          whiteSpace: { xs: 'nowrap', sm: 'normal' },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        },
      }}
    >
      {crumbs.map((crumb) =>
        crumb.to ? (
          <Link
            key={crumb.label}
            component={RouterLink}
            to={{ pathname: '/forums', search: forumSearch(crumb.to) }}
            underline="hover"
            color="inherit"
            title={crumb.label}
          >
            {crumb.label}
          </Link>
        ) : (
          <Typography
            key={crumb.label}
            color="text.primary"
            aria-current="page"
            title={crumb.label}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
