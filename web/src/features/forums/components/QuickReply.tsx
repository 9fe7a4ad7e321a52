import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useCreateReply } from '../api/create-reply.ts';
import { quickReplyFailureMessage, quickReplyProblem } from '../reply-errors.ts';

/** The spec's alternative post button: a reply box under the replies, without attachments. */
export function QuickReply({ discussionId }: { discussionId: string | null }) {
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const createReply = useCreateReply();
  const showToast = useToast();

  const post = (event: FormEvent) => {
    event.preventDefault();
    const reason = quickReplyProblem(discussionId, content);
    setProblem(reason);
    if (reason || !discussionId) return;
    createReply.mutate(
      { discussionId, content: content.trim(), attachmentIds: [] },
      {
        onSuccess: () => {
          setContent('');
          showToast({ severity: 'success', title: 'Reply posted' });
        },
        onError: (error) => setProblem(quickReplyFailureMessage(error)),
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={post} spacing={1.5} aria-label="Quick reply">
      {problem && <Alert severity="error">{problem}</Alert>}
      <TextField
        label="Write a reply"
        value={content}
        onChange={(event) => setContent(event.target.value)}
        multiline
        minRows={2}
        fullWidth
      />
      <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-end' }} loading={createReply.isPending}>
        Post
      </Button>
    </Stack>
  );
}
