import Link from '@mui/material/Link';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump over the navigation; hidden until it receives focus. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: (theme) => theme.zIndex.tooltip,
        p: 1.5,
        bgcolor: 'background.paper',
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Link>
  );
}
