import Box from '@mui/material/Box';

/**
 * A post's body as the forum service rendered and sanitised it (contentHtml). The page never turns
 * markdown or member HTML into markup itself, so this is the only place posts become HTML.
 */
export function ContentHtml({ html }: { html: string }) {
  return (
    <Box
      className="forum-content"
      sx={{
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& pre': { overflowX: 'auto', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' },
        '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1 },
        '& blockquote': { m: 0, pl: 2, borderLeft: 4, borderColor: 'divider', color: 'text.secondary' },
        '& a': { color: 'primary.main' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
