import type { SxProps, Theme } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { USER_PAGE_SIZE } from '../api/admin-query-keys.ts';
import { QueryState } from './TabSection.tsx';

/** A column heading: its text, or a cell of its own (a number column aligns right, a checkbox one is narrow). */
export type AdminTableHeading =
  string | { label: ReactNode; key: string; align?: 'right'; padding?: 'checkbox'; sx?: SxProps<Theme> };

interface AdminTableProps<Row> {
  /** The list's query: its skeleton while it loads, its failure (with Try Again unless `retry` is false). */
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  failedText: string;
  loadingLabel: string;
  retry?: boolean;
  /** The scrolling region's name, and the table's when `tableLabel` does not name it otherwise. */
  label: string;
  tableLabel?: string;
  headings: readonly AdminTableHeading[];
  rows: readonly Row[] | undefined;
  renderRow: (row: Row) => ReactNode;
  /** What an empty list says (no rows shows nothing when absent: lists that are never empty). */
  empty?: { icon: ReactNode; text: string; action?: ReactNode };
  /** A list paged by the server, 10 rows a page. */
  paging?: { page: number; total: number; onPageChange: (page: number) => void };
}

/** A console list: loading and failure states, its table with headings, rows or the empty state, and its pages. */
export function AdminTable<Row>({
  query,
  failedText,
  loadingLabel,
  retry = true,
  label,
  tableLabel = label,
  headings,
  rows,
  renderRow,
  empty,
  paging,
}: AdminTableProps<Row>) {
  return (
    <QueryState
      isPending={query.isPending}
      error={query.error}
      failedText={failedText}
      loadingLabel={loadingLabel}
      columns={headings.length}
      onRetry={retry ? () => void query.refetch() : undefined}
    >
      {/* It scrolls sideways on a phone, headings kept on one line; being a scrolling region, it takes the
          keyboard focus (arrow keys scroll it) and says what it holds. */}
      <TableContainer
        component={Paper}
        variant="outlined"
        role="region"
        aria-label={label}
        tabIndex={0}
        sx={{ '& th': { whiteSpace: 'nowrap' } }}
      >
        <Table size="small" aria-label={tableLabel}>
          <TableHead>
            <TableRow>
              {headings.map((heading) =>
                typeof heading === 'string' ? (
                  <TableCell key={heading}>{heading}</TableCell>
                ) : (
                  <TableCell key={heading.key} align={heading.align} padding={heading.padding} sx={heading.sx}>
                    {heading.label}
                  </TableCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {empty && rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={headings.length} sx={{ borderBottom: 0 }}>
                  <EmptyState compact icon={empty.icon} text={empty.text} action={empty.action} />
                </TableCell>
              </TableRow>
            )}
            {rows?.map(renderRow)}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={paging.total}
          page={paging.page}
          onPageChange={(_event, next) => paging.onPageChange(next)}
          rowsPerPage={USER_PAGE_SIZE}
          rowsPerPageOptions={[USER_PAGE_SIZE]}
        />
      )}
    </QueryState>
  );
}
