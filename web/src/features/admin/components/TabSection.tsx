import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
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
  /** Try Again refetches; without it the failure only says what happened. */
  onRetry?: () => void;
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
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              Try Again
            </Button>
          )
        }
      >
        {failedText}
      </Alert>
    );
  return <>{children}</>;
}
