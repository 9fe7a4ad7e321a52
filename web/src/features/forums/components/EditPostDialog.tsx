import { FORUM_MESSAGES, FORUM_TEXT_LIMITS, type AccessLevel } from '@crucible/proto';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { postActionFailureMessage } from '../reply-errors.ts';
import { MarkdownComposer, type MarkdownComposerHandle } from './MarkdownComposer.tsx';

export interface PostDraft {
  title?: string;
  content: string;
}

/**
 * Edit a discussion (title and content) or a reply (content) in the same composer as writing one
 * (Write/Preview). Opened with the post's text; saving sends only what changed.
 */
export function EditPostDialog({
  open,
  onClose,
  heading,
  initial,
  discussionLevel,
  onSave,
  saving,
}: {
  open: boolean;
  onClose: () => void;
  heading: string;
  initial: PostDraft;
  discussionLevel: AccessLevel;
  onSave: (draft: PostDraft) => Promise<unknown>;
  saving: boolean;
}) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      {/* A fresh form each time it opens, holding the post's current text. */}
      {open && (
        <EditPostForm
          titleId={titleId}
          heading={heading}
          initial={initial}
          discussionLevel={discussionLevel}
          onClose={onClose}
          onSave={onSave}
          saving={saving}
        />
      )}
    </Dialog>
  );
}

function EditPostForm({
  titleId,
  heading,
  initial,
  discussionLevel,
  onClose,
  onSave,
  saving,
}: {
  titleId: string;
  heading: string;
  initial: PostDraft;
  discussionLevel: AccessLevel;
  onClose: () => void;
  onSave: (draft: PostDraft) => Promise<unknown>;
  saving: boolean;
}) {
  const [title, setTitle] = useState(initial.title ?? '');
  const [content, setContent] = useState(initial.content);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const composer = useRef<MarkdownComposerHandle>(null);
  const showToast = useToast();
  const withTitle = initial.title !== undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      title: withTitle && !title.trim() ? FORUM_MESSAGES.titleRequired : undefined,
      content: !content.trim()
        ? withTitle
          ? FORUM_MESSAGES.contentRequired
          : FORUM_MESSAGES.replyRequired
        : undefined,
    };
    setErrors(found);
    if (found.title || found.content) {
      if (found.content) composer.current?.focusText();
      return;
    }
    try {
      await onSave({ ...(withTitle ? { title: title.trim() } : {}), content });
      showToast({ severity: 'success', title: 'Changes saved' });
      onClose();
    } catch (error) {
      showToast({
        severity: 'error',
        title: 'Error',
        description: postActionFailureMessage(error, 'The post could not be saved.'),
      });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {heading}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {withTitle && (
            <TextField
              label="Title"
              name="title"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={errors.title !== undefined}
              helperText={errors.title}
              slotProps={{ htmlInput: { maxLength: FORUM_TEXT_LIMITS.title } }}
            />
          )}
          <MarkdownComposer
            ref={composer}
            label={withTitle ? 'Content' : 'Your reply'}
            name="content"
            value={content}
            onChange={setContent}
            error={errors.content !== undefined}
            required
            autoFocus={!withTitle}
            minRows={5}
            helperText={errors.content ?? 'Markdown is supported.'}
            discussionLevel={discussionLevel}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={saving}>
          Save Changes
        </Button>
      </DialogActions>
    </form>
  );
}
