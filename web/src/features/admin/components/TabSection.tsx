import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A tab's heading with its actions on the right (wrapping under it on a phone). */
export function SectionHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

/** Loading and failure states of a tab's query; the content once it has data. */
export function QueryState({
  isPending,
  error,
  failedText,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  failedText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try Again
          </Button>
        }
      >
        {failedText}
      </Alert>
    );
  return <>{children}</>;
}

/**
 * A console table's frame: it scrolls sideways on a phone, with headings kept on one line. Being a
 * scrolling region, it takes the keyboard focus (arrow keys scroll it) and says what it holds.
 */
export function AdminTableContainer({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ '& th': { whiteSpace: 'nowrap' } }}
    >
      {children}
    </TableContainer>
  );
}
