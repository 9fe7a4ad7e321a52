import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a forum view. After moving between views focus lands on it, so keyboard and
 * screen-reader users start reading the new view instead of staying on a link that is gone.
 */
export function ViewHeading({ children, focusOnMount }: { children: ReactNode; focusOnMount: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Typography ref={ref} tabIndex={-1} variant="h5" component="h2" sx={{ outline: 'none', overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}
