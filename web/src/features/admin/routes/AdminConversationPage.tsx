import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES } from '@crucible/proto';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { failureDescription, formatDateTime, plainText } from '../admin-format.ts';
import { useAdminConversation } from '../api/get-conversation.ts';
import { MessageActions } from '../components/MessageActions.tsx';

/**
 * /admin/conversations/{user1Id}/{user2Id}: a pair's messages, deleted ones marked. The admin states
 * why first; the reading is then requested (a POST) and recorded with that reason.
 */
export default function AdminConversationPage() {
  const { user1Id = '', user2Id = '' } = useParams();
  const [reason, setReason] = useState('');
  const conversation = useAdminConversation(user1Id, user2Id, reason);
  const first = conversation.data?.pages[0];
  const title = first ? `${first.user1.name} ↔ ${first.user2.name}` : 'Conversation';
  useDocumentTitle(`Admin: ${title}`);
  const messages = conversation.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Button component={RouterLink} to="/admin?tab=messages" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Back to Admin
      </Button>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {!reason && <ViewReasonForm onSubmit={setReason} />}
      {reason && conversation.isPending && <ListSkeleton label="Loading the conversation" rows={4} bordered />}
      {conversation.error && (
        <Alert severity="error">Failed to load the conversation: {failureDescription(conversation.error)}</Alert>
      )}
      {first && messages.length === 0 && (
        <EmptyState
          icon={<ChatOutlinedIcon />}
          text="No messages in this conversation."
          action={
            <Button component={RouterLink} to="/admin?tab=messages">
              Back to Conversations
            </Button>
          }
        />
      )}
      <Stack component="ol" aria-label="Messages" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {messages.map((message) => (
          <Paper
            component="li"
            key={message.id}
            variant="outlined"
            sx={{ p: 1.5, ...(message.isDeletedByAdmin && { opacity: 0.7, borderStyle: 'dashed' }) }}
          >
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Typography variant="subtitle2">
                {message.senderName} → {message.recipientName}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(message.createdAt)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
              {plainText(message.content)}
            </Typography>
            <MessageActions
              messageId={message.id}
              label={`the message from ${message.senderName} at ${formatDateTime(message.createdAt)}`}
              deleted={message.isDeletedByAdmin || message.deletedAt !== null}
            />
            {message.isDeletedByAdmin && (
              <Typography variant="caption" color="error">
                Deleted by an admin{message.deletionReason ? `: ${message.deletionReason}` : ''}
              </Typography>
            )}
            {message.attachments.length > 0 && (
              <Box sx={{ mt: 0.5 }}>
                {message.attachments.map((attachment) => (
                  <Button key={attachment.id} size="small" href={attachment.url} target="_blank" rel="noopener">
                    {attachment.fileName}
                  </Button>
                ))}
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
      {conversation.hasNextPage && (
        <Button
          sx={{ mt: 2 }}
          onClick={() => void conversation.fetchNextPage()}
          loading={conversation.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
    </Container>
  );
}

/** Why the admin opens the conversation: required, and recorded in the audit log with the view. */
function ViewReasonForm({ onSubmit }: { onSubmit: (reason: string) => void }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = draft.trim();
    if (!reason) setProblem(ADMIN_MESSAGES.viewReasonRequired);
    else onSubmit(reason);
  };
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Reading a private conversation is recorded in the audit log with your reason.
      </Typography>
      <TextField
        label="Reason for viewing"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? ' '}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        fullWidth
        required
      />
      <Button type="submit" variant="contained">
        Open Conversation
      </Button>
    </Paper>
  );
}
