import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The frame every profile widget shares: a titled card with an optional action beside the title. */
export function WidgetCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = `widget-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The action of an empty widget on a profile one may edit: the Edit Profile tab where it is filled in. */
export function EditProfileAction({ userId, tab, label }: { userId: string; tab: string; label: string }) {
  return (
    <Button
      variant="outlined"
      size="small"
      component={RouterLink}
      to={`/profile/${userId}/edit?tab=${encodeURIComponent(tab)}`}
    >
      {label}
    </Button>
  );
}

export function PrivateNotice({ text }: { text: string }) {
  return (
    <Alert severity="info" icon={false}>
      {text}
    </Alert>
  );
}

/** Failed watched and messages panels have a Retry button. */
export function WidgetError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
