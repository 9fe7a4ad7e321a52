import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { VisuallyHidden } from './VisuallyHidden.tsx';

/**
 * Loading placeholders shaped like the content to come, in place of 'Loading...' text.
 * Each is one busy status region named by its label, which screen readers read and tests look for
 * (`getByRole('status', { name })`); the grey shapes themselves are hidden from assistive technology.
 */
export function LoadingStatus({ label, children, sx }: { label: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box role="status" aria-busy="true" aria-label={label} sx={sx}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <Box aria-hidden="true">{children}</Box>
    </Box>
  );
}

const BORDERED = { border: 1, borderColor: 'divider', borderRadius: 2, p: 2 } as const;

/** Lines of a paragraph, the last one shorter. */
function Lines({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <Skeleton key={index} width={index === count - 1 ? '60%' : '100%'} />
  ));
}

/** Rows of an avatar beside two lines: conversations, messages, replies, discussions. */
export function ListSkeleton({
  label,
  rows = 3,
  bordered = false,
}: {
  label: string;
  rows?: number;
  /** Each row framed like a card (the forum's discussions and replies). */
  bordered?: boolean;
}) {
  return (
    <LoadingStatus label={label}>
      <Stack spacing={bordered ? 2 : 1.5} sx={{ py: bordered ? 0 : 1 }}>
        {Array.from({ length: rows }, (_, index) => (
          <Box key={index} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', ...(bordered && BORDERED) }}>
            <Skeleton variant="circular" width={32} height={32} sx={{ flexShrink: 0 }} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="35%" />
              <Skeleton width={index % 2 ? '60%' : '85%'} />
            </Box>
          </Box>
        ))}
      </Stack>
    </LoadingStatus>
  );
}

/** A few lines of text, the last one shorter: a widget's or a card's body. */
export function TextSkeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <LoadingStatus label={label}>
      <Lines count={lines} />
    </LoadingStatus>
  );
}

/** A table's heading row and body rows. */
export function TableSkeleton({ label, columns, rows = 4 }: { label: string; columns: number; rows?: number }) {
  const row = (height: number, key: number) => (
    <Box key={key} sx={{ display: 'flex', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      {Array.from({ length: columns }, (_, column) => (
        <Skeleton key={column} height={height} sx={{ flex: column === 0 ? 2 : 1 }} />
      ))}
    </Box>
  );
  return (
    <LoadingStatus label={label} sx={{ ...BORDERED, py: 1 }}>
      {row(28, -1)}
      {Array.from({ length: rows }, (_, index) => row(20, index))}
    </LoadingStatus>
  );
}

/** Outlined cards, each a title and a few lines: a page of widgets. */
export function CardSkeleton({ label, cards = 1, lines = 3 }: { label: string; cards?: number; lines?: number }) {
  return (
    <LoadingStatus label={label}>
      <Stack spacing={3}>
        {Array.from({ length: cards }, (_, card) => (
          <Box key={card} sx={BORDERED}>
            <Skeleton width="40%" height={32} sx={{ mb: 1 }} />
            <Lines count={lines} />
          </Box>
        ))}
      </Stack>
    </LoadingStatus>
  );
}
