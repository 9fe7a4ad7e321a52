import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import Stack from '@mui/material/Stack';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TableSkeleton } from '../../../components/Skeletons.tsx';

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
  loadingLabel = 'Loading',
  columns = 4,
}: {
  isPending: boolean;
  error: Error | null;
  failedText: string;
  onRetry: () => void;
  children: ReactNode;
  loadingLabel?: string;
  /** The table's column count, so the skeleton has its shape. */
  columns?: number;
}) {
  if (isPending) return <TableSkeleton label={loadingLabel} columns={columns} />;
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

/** A console table with no rows: one cell across its columns with the empty state. */
export function EmptyTableRow({
  columns,
  icon,
  text,
  action,
}: {
  columns: number;
  icon: ReactNode;
  text: string;
  action?: ReactNode;
}) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ borderBottom: 0 }}>
        <EmptyState compact icon={icon} text={text} action={action} />
      </TableCell>
    </TableRow>
  );
}
