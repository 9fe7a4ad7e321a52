import type { Subcategory } from '@crucible/proto';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

/** Moves a discussion to another topic; the forum accepts only topics the moderator moderates. */
export function MoveDiscussionDialog({
  open,
  onClose,
  topics,
  currentTopicId,
  onMove,
  moving,
}: {
  open: boolean;
  onClose: () => void;
  topics: Subcategory[];
  currentTopicId: string | null;
  onMove: (topicId: string) => void;
  moving: boolean;
}) {
  const titleId = useId();
  const choices = topics.filter((topic) => topic.id !== currentTopicId && topic.isActive);
  const [topicId, setTopicId] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (topicId) onMove(topicId);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Move to another topic</DialogTitle>
        <DialogContent>
          <TextField
            select
            label="Topic"
            name="topic"
            fullWidth
            value={topicId}
            onChange={(event) => setTopicId(event.target.value)}
            sx={{ mt: 1 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Choose a topic</option>
            {choices.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.category}: {topic.name}
              </option>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!topicId} loading={moving}>
            Move
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
