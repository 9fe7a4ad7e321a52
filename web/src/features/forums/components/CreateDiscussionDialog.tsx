import { FORUM_TEXT_LIMITS, type AccessLevel, type Subcategory } from '@crucible/proto';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { apiErrorDetails } from '../../../lib/api-error.ts';
import { useCreateDiscussion } from '../api/create-discussion.ts';
import {
  canRemovePollOption,
  emptyDiscussionForm,
  fixedLevelOf,
  NO_TOPIC,
  validateDiscussionForm,
  type DiscussionFormValues,
} from '../discussion-form.ts';
import { creatableLevels, enterableCategories } from '../forum-levels.ts';
import { AttachmentPicker } from './AttachmentPicker.tsx';
import { MarkdownComposer } from './MarkdownComposer.tsx';

export interface CreateDiscussionDialogProps {
  open: boolean;
  onClose: () => void;
  viewerLevel: AccessLevel;
  /** Every topic the member may see. */
  topics: Subcategory[];
  /** The topic chosen when the dialog opens (or NO_TOPIC), and the level preset without one. A cancelled draft is kept while the view stays. */
  initialTopicId: string;
  initialLevel?: AccessLevel;
}

/**
 * Create Discussion: title, access level, parent forum, content, file
 * attachments and an optional poll. Problems are listed together in one 'Validation Error' toast.
 */
export function CreateDiscussionDialog({
  open,
  onClose,
  viewerLevel,
  topics,
  initialTopicId,
  initialLevel,
}: CreateDiscussionDialogProps) {
  const levels = creatableLevels(viewerLevel);
  const startingValues = () =>
    emptyDiscussionForm({
      subcategoryId: initialTopicId,
      category: initialLevel && levels.includes(initialLevel) ? initialLevel : '',
    });
  const [values, setValues] = useState<DiscussionFormValues>(startingValues);
  const createDiscussion = useCreateDiscussion();
  const showToast = useToast();
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));

  const fixedLevel = fixedLevelOf(values, topics);
  const chosenTopic = topics.find((topic) => topic.id === values.subcategoryId);
  const update = (patch: Partial<DiscussionFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const setOption = (index: number, text: string) =>
    update({ pollOptions: values.pollOptions.map((option, at) => (at === index ? text : option)) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateDiscussionForm(values, topics);
    if (!result.ok) {
      // The toast shows inside the open dialog (ToastProvider), so it is not repeated here.
      showToast({ severity: 'error', title: 'Validation Error', description: result.message });
      return;
    }
    createDiscussion.mutate(result.request, {
      onSuccess: () => {
        showToast({
          severity: 'success',
          title: 'Discussion created',
          description: `"${result.request.title}" has been posted.`,
        });
        setValues(emptyDiscussionForm({ subcategoryId: initialTopicId, category: values.category }));
        onClose();
      },
      onError: (error) => {
        showToast({
          severity: 'error',
          title: 'Failed to create discussion',
          description: apiErrorDetails(error).serverMessage ?? 'Please try again.',
        });
      },
    });
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      {/* A flex column, so the fields scroll and the buttons stay in view whatever sits above them. */}
      <form
        noValidate
        onSubmit={submit}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>Create New Discussion</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label="Title"
              name="title"
              value={values.title}
              onChange={(event) => update({ title: event.target.value })}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: FORUM_TEXT_LIMITS.title } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Parent forum"
                name="subcategoryId"
                value={values.subcategoryId}
                onChange={(event) => update({ subcategoryId: event.target.value })}
                fullWidth
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value={NO_TOPIC}>No topic (the level forum only)</option>
                {enterableCategories(viewerLevel).map((category) => {
                  const inCategory = topics.filter((topic) => topic.category === category);
                  return inCategory.length === 0 ? null : (
                    <optgroup key={category} label={`${category} Forums`}>
                      {inCategory.map((topic) => (
                        <option key={topic.id} value={topic.id}>
                          {topic.name}
                        </option>
                      ))}
                    </optgroup>
                  );
                })}
              </TextField>
              <TextField
                select
                label="Access level"
                name="category"
                value={fixedLevel ?? values.category}
                onChange={(event) => update({ category: event.target.value as AccessLevel | '' })}
                disabled={fixedLevel !== undefined}
                required
                fullWidth
                helperText={
                  chosenTopic ? `Set by the topic ${chosenTopic.name}` : 'Members of this level and above can read it.'
                }
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {fixedLevel ? (
                  <option value={fixedLevel}>{fixedLevel}</option>
                ) : (
                  <>
                    <option value="">Select an access level</option>
                    {levels.map((level) => (
                      <option key={level} value={level}>
                        {level}
                      </option>
                    ))}
                  </>
                )}
              </TextField>
            </Stack>
            <MarkdownComposer
              label="Content"
              name="content"
              value={values.content}
              onChange={(content) => update({ content })}
              required
              minRows={6}
              helperText="Markdown is supported."
              maxLength={FORUM_TEXT_LIMITS.content}
              discussionLevel={chosenTopic?.accessLevel ?? (values.category || undefined)}
            />
            <Box>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                Attachments
              </Typography>
              <AttachmentPicker
                attachments={values.attachments}
                onAdd={(attachment) =>
                  setValues((current) => ({ ...current, attachments: [...current.attachments, attachment] }))
                }
                onRemove={(attachment) =>
                  setValues((current) => ({
                    ...current,
                    attachments: current.attachments.filter((candidate) => candidate.id !== attachment.id),
                  }))
                }
              />
            </Box>
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values.includePoll}
                    onChange={(event) => update({ includePoll: event.target.checked })}
                    name="includePoll"
                  />
                }
                label="Include a poll"
              />
              {values.includePoll && (
                <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
                  <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                    Poll
                  </Typography>
                  <TextField
                    label="Poll question"
                    name="pollQuestion"
                    value={values.pollQuestion}
                    onChange={(event) => update({ pollQuestion: event.target.value })}
                    required
                    fullWidth
                    slotProps={{ htmlInput: { maxLength: FORUM_TEXT_LIMITS.question } }}
                  />
                  {values.pollOptions.map((option, index) => (
                    <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <TextField
                        label={`Option ${index + 1}`}
                        value={option}
                        onChange={(event) => setOption(index, event.target.value)}
                        fullWidth
                        slotProps={{ htmlInput: { maxLength: FORUM_TEXT_LIMITS.option } }}
                      />
                      {canRemovePollOption(values.pollOptions) && (
                        <IconButton
                          aria-label={`Remove option ${index + 1}`}
                          onClick={() => update({ pollOptions: values.pollOptions.filter((_, at) => at !== index) })}
                        >
                          <DeleteIcon />
                        </IconButton>
                      )}
                    </Box>
                  ))}
                  <Button
                    startIcon={<AddIcon />}
                    onClick={() => update({ pollOptions: [...values.pollOptions, ''] })}
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    Add Option
                  </Button>
                </Stack>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={createDiscussion.isPending}>
            Create Discussion
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
