import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { TextSkeleton } from '../../../components/Skeletons.tsx';

/** What a card needs to know of its query: pending shows a skeleton, an error offers a retry. */
export interface CardQueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface DashboardCardProps {
  title: string;
  /** Omitted by cards with fixed content. */
  query?: CardQueryState;
  children: ReactNode;
  action?: ReactNode;
}

export function DashboardCard({ title, query, children, action }: DashboardCardProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {query?.isPending ? (
            <TextSkeleton label={`Loading ${title}`} />
          ) : query?.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  Retry
                </Button>
              }
            >
              Could not load {title.toLowerCase()}.
            </Alert>
          ) : (
            children
          )}
          {action}
        </Stack>
      </CardContent>
    </Card>
  );
}
