import { replyCreateSchema, type AccessLevel, type Attachment } from '@crucible/proto';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useCreateReply } from '../api/create-reply.ts';
import { replyFailureMessage } from '../reply-errors.ts';
import { AttachmentPicker } from './AttachmentPicker.tsx';
import { MarkdownComposer, type MarkdownComposerHandle } from './MarkdownComposer.tsx';

/** Reply: the markdown composer (write, format, preview) and a file uploader. Success closes the dialog, clears it and refreshes the replies. */
export function ReplyDialog({
  open,
  onClose,
  discussionId,
  discussionTitle,
  discussionLevel,
  quote,
}: {
  open: boolean;
  onClose: () => void;
  discussionId: string;
  discussionTitle: string;
  /** Who can read the discussion: the members the @-mention picker offers. */
  discussionLevel: AccessLevel;
  /** Replying to a reply: its id and the quote block the text starts with. */
  quote?: { replyId: string; text: string };
}) {
  const form = useZodForm(replyCreateSchema, { content: '' });
  // A new quote fills the composer once (React's "adjust state while rendering").
  const [quoted, setQuoted] = useState<string | undefined>(undefined);
  if (open && quote && quoted !== quote.text) {
    setQuoted(quote.text);
    form.setValue('content', quote.text);
  }
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const createReply = useCreateReply();
  const showToast = useToast();
  const composer = useRef<MarkdownComposerHandle>(null);
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));

  // A failed reply lands on the text field and its error text, also when Preview was showing.
  const showText = () => composer.current?.focusText();
  const send = ({ content }: { content: string }) =>
    createReply.mutate(
      {
        discussionId,
        content,
        attachmentIds: attachments.map((attachment) => attachment.id),
        quotedReplyId: quote?.replyId,
      },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: 'Reply posted' });
          form.reset();
          setAttachments([]);
          setQuoted(undefined);
          onClose();
        },
        onError: (error) => {
          // Shown inside the open dialog by the ToastProvider.
          showToast({ severity: 'error', title: 'Error', description: replyFailureMessage(error) });
          showText();
        },
      },
    );
  const submit = (event: FormEvent<HTMLFormElement>) => form.handleSubmit(send, showText)(event);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      {/* A flex column, so the fields scroll and the buttons stay in view whatever sits above them. */}
      <form
        noValidate
        onSubmit={submit}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          Reply to {discussionTitle}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <MarkdownComposer
              ref={composer}
              label="Your reply"
              name="content"
              value={form.values.content}
              onChange={(content) => form.setValue('content', content)}
              error={form.errors.content !== undefined}
              required
              autoFocus
              minRows={5}
              helperText={form.errors.content ?? 'Markdown is supported.'}
              discussionLevel={discussionLevel}
            />
            <AttachmentPicker
              attachments={attachments}
              onAdd={(attachment) => setAttachments((current) => [...current, attachment])}
              onRemove={(attachment) =>
                setAttachments((current) => current.filter((candidate) => candidate.id !== attachment.id))
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={createReply.isPending}>
            Post Reply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
