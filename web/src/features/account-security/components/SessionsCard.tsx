import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActiveSession } from '@crucible/proto';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/list-sessions.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function sessionDetails(session: ActiveSession): string {
  const parts = [session.ipAddress, `signed in ${when(session.createdAt)}`, `last seen ${when(session.lastSeenAt)}`];
  return parts.filter(Boolean).join(' · ');
}

/** Every place the member is signed in; ending one refuses its token and closes its live connection at once. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const showToast = useToast();
  const [confirmingOthers, setConfirmingOthers] = useState(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Where you are signed in
          </Typography>
          {others > 0 && (
            <Button color="error" onClick={() => setConfirmingOthers(true)}>
              Sign Out Other Sessions
            </Button>
          )}
        </Stack>
        {sessions.isPending && <ListSkeleton label="Loading sessions" rows={2} />}
        {sessions.isError && (
          <Alert severity="error" action={<Button onClick={() => void sessions.refetch()}>Try Again</Button>}>
            Could not load your sessions.
          </Alert>
        )}
        {sessions.data && (
          <List aria-label="Active sessions">
            {sessions.data.map((session) => (
              <ListItem
                key={session.id}
                divider
                secondaryAction={
                  session.current ? (
                    <Chip size="small" color="primary" label="This device" />
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      loading={endOne.isPending && endOne.variables === session.id}
                      aria-label={`Sign out ${session.device}`}
                      onClick={() =>
                        endOne.mutate(session.id, {
                          onSuccess: () => showToast({ severity: 'success', title: 'Session ended' }),
                          onError: (error) =>
                            showToast({
                              severity: 'error',
                              title: 'Could not end the session',
                              description: error.message,
                            }),
                        })
                      }
                    >
                      Sign Out
                    </Button>
                  )
                }
              >
                <ListItemText primary={session.device} secondary={sessionDetails(session)} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmingOthers}
        title="Sign out other sessions?"
        message={`This signs you out on ${others} other ${others === 1 ? 'device' : 'devices'}. This device stays signed in.`}
        confirmLabel="Sign Out Others"
        pending={endOthers.isPending}
        onCancel={() => setConfirmingOthers(false)}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended }) => {
              setConfirmingOthers(false);
              showToast({
                severity: 'success',
                title: `Signed out ${ended} other ${ended === 1 ? 'session' : 'sessions'}`,
              });
            },
          })
        }
      />
    </Card>
  );
}
