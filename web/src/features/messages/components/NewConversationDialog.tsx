import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS, type UserSummary } from '@crucible/proto';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { USER_SEARCH_DEBOUNCE_MS, useUserSearch } from '../../../lib/user-search.ts';
import { useSendMessage } from '../api/send-message.ts';
import { DM_TEXTS, failureDescription, memberDisplayName, messageContentProblem } from '../message-rules.ts';

interface NewConversationDialogProps {
  open: boolean;
  viewerId: string;
  onClose: () => void;
  /** Called with the recipient once the first message is sent, to open the conversation. */
  onStarted: (recipient: UserSummary) => void;
}

/** The Create New Message dialog: find a member (2 characters, debounced 300 ms), then write to them. */
export function NewConversationDialog({ open, viewerId, onClose, onStarted }: NewConversationDialogProps) {
  const [search, setSearch] = useState('');
  const [recipient, setRecipient] = useState<UserSummary | null>(null);
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search, USER_SEARCH_DEBOUNCE_MS);
  const results = useUserSearch(debouncedSearch);
  const send = useSendMessage(viewerId);
  const showToast = useToast();

  const close = () => {
    setSearch('');
    setRecipient(null);
    setContent('');
    setProblem(null);
    onClose();
  };

  const pick = (user: UserSummary) => {
    if (user.id === viewerId) {
      showToast({ severity: 'error', title: DM_TEXTS.selfTitle, description: DM_TEXTS.selfDescription });
      setProblem(`${DM_TEXTS.selfTitle}. ${DM_TEXTS.selfDescription}`);
      return;
    }
    setProblem(null);
    setRecipient(user);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = recipient ? messageContentProblem(content) : DM_TEXTS.recipientRequired;
    setProblem(reason);
    if (reason || !recipient) return;
    send.mutate(
      { recipientId: recipient.id, content: content.trim() },
      {
        onSuccess: () => {
          onStarted(recipient);
          close();
        },
        onError: (error) => {
          const description = failureDescription(error);
          setProblem(`${DM_TEXTS.startFailed}: ${description}`);
          showToast({ severity: 'error', title: DM_TEXTS.startFailed, description });
        },
      },
    );
  };

  const searching = search.trim().length >= LIMITS.userSearch.minChars;
  const users = searching ? (results.data ?? []) : [];

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle>Create New Message</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            {recipient ? (
              <div>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                  To
                </Typography>
                <Chip label={memberDisplayName(recipient)} onDelete={() => setRecipient(null)} />
              </div>
            ) : (
              <>
                <TextField
                  label="Search members"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  helperText={searching ? undefined : `Type at least ${LIMITS.userSearch.minChars} characters`}
                  autoFocus
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
                {searching && results.isFetching && users.length === 0 && (
                  <Typography variant="body2">Searching…</Typography>
                )}
                {searching && results.isSuccess && debouncedSearch === search && users.length === 0 && (
                  <Typography variant="body2">No members found</Typography>
                )}
                {users.length > 0 && (
                  <List
                    dense
                    aria-label="Members found"
                    sx={{ maxHeight: 240, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
                  >
                    {users.map((user) => (
                      <ListItem key={user.id} disablePadding>
                        <ListItemButton onClick={() => pick(user)}>
                          <ListItemText primary={memberDisplayName(user)} secondary={user.email} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                )}
              </>
            )}
            <TextField
              label="Message"
              value={content}
              onChange={(event) => setContent(event.target.value)}
              multiline
              minRows={3}
              fullWidth
              error={content.length > LIMITS.directMessage.formMaxChars}
              helperText={content.length > LIMITS.directMessage.formMaxChars ? DM_TEXTS.contentTooLong : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={send.isPending}>
            Send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
