import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { formatBadgeCount } from '../lib/format-badge-count.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';

/** A count over its anchor, capped at '99+', that also reads out as '<count> unread'. */
export function CountBadge({ count, children }: { count: number | undefined; children: ReactNode }) {
  const shown = count ? formatBadgeCount(count) : undefined;
  return (
    <>
      <Badge badgeContent={shown} color="error" invisible={!shown} slotProps={{ badge: { 'aria-hidden': true } }}>
        {children}
      </Badge>
      {shown && <VisuallyHidden>{`, ${shown} unread`}</VisuallyHidden>}
    </>
  );
}
