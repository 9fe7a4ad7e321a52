import { Alert, Box, Button, MenuItem, MenuList, Paper, Stack, TextField, Typography } from '@mui/material';
import type { ProjectPerson } from '@crucible/proto';
import { useRef, useState } from 'react';
import { useCreateTaskComment } from '../api/create-task-comment.ts';
import { useTaskComments } from '../api/get-task-comments.ts';
import { displayName, insertMention, mentionQuery, mentionsIn } from '../task-rules.ts';

const SUGGESTIONS_SHOWN = 5;

interface TaskCommentsProps {
  taskId: string;
  /** Who can be mentioned: those who may open the task (Core members and admins). */
  members: ProjectPerson[];
}

/**
 * The task's conversation: comments oldest first and a box to add one. Typing '@' lists members to
 * mention; the service notifies those mentioned and the task's assignees.
 */
export function TaskComments({ taskId, members }: TaskCommentsProps) {
  const comments = useTaskComments(taskId);
  const create = useCreateTaskComment();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<{ id: string; name: string }[]>([]);
  const input = useRef<HTMLTextAreaElement>(null);

  const query = mentionQuery(text, caret);
  const suggestions =
    query === null
      ? []
      : members
          .map((member) => ({ id: member.id, name: displayName(member) }))
          .filter((member) => member.name.toLowerCase().includes(query.toLowerCase()))
          .slice(0, SUGGESTIONS_SHOWN);

  const mention = (member: { id: string; name: string }) => {
    const next = insertMention(text, caret, member.name);
    setText(next.text);
    setCaret(next.caret);
    setPicked((current) => [...current.filter((entry) => entry.id !== member.id), member]);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const send = () => {
    const content = text.trim();
    if (!content) return;
    create.mutate(
      { taskId, content, mentions: mentionsIn(content, picked) },
      {
        onSuccess: () => {
          setText('');
          setCaret(0);
          setPicked([]);
        },
      },
    );
  };

  return (
    <Box component="section" aria-labelledby={`task-comments-${taskId}`}>
      <Typography id={`task-comments-${taskId}`} variant="subtitle2" component="h3">
        Comments
      </Typography>
      {comments.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void comments.refetch()}>
              Retry
            </Button>
          }
        >
          The comments could not be loaded.
        </Alert>
      )}
      {comments.isSuccess && comments.data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No comments yet
        </Typography>
      )}
      <Box component="ol" aria-label="Comments" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {(comments.data ?? []).map((comment) => (
          <Box component="li" key={comment.id} sx={{ py: 0.5 }}>
            <Typography variant="body2">
              <strong>{comment.authorName}</strong>{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {new Date(comment.createdAt).toLocaleString()}
              </Typography>
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.content}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack spacing={1} sx={{ mt: 1 }}>
        <TextField
          label="Add a comment"
          placeholder="Type @ to mention a member"
          multiline
          minRows={2}
          value={text}
          inputRef={input}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart ?? event.target.value.length);
          }}
          onSelect={(event) => setCaret((event.target as HTMLTextAreaElement).selectionStart ?? 0)}
          onKeyDown={(event) => {
            // Enter inside the dialog's form would submit the task: in the comment box it sends the comment.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              send();
            }
          }}
        />
        {suggestions.length > 0 && (
          <Paper variant="outlined">
            <MenuList dense aria-label="Mention a member">
              {suggestions.map((member) => (
                <MenuItem key={member.id} onClick={() => mention(member)}>
                  @{member.name}
                </MenuItem>
              ))}
            </MenuList>
          </Paper>
        )}
        {create.error && (
          <Alert severity="error" onClose={() => create.reset()}>
            {create.error.message}
          </Alert>
        )}
        <Box>
          <Button size="small" variant="outlined" onClick={send} loading={create.isPending} disabled={!text.trim()}>
            Comment
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
