import type { AccessLevel } from '@crucible/proto';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useCreateReply } from '../api/create-reply.ts';
import { quickReplyFailureMessage, quickReplyProblem } from '../reply-errors.ts';
import { MarkdownComposer, type MarkdownComposerHandle } from './MarkdownComposer.tsx';

/**
 * The alternative post button: a reply box under the replies, without attachments.
 * `discussionLevel` (who can read the discussion) limits the members the @-mention picker offers.
 */
export function QuickReply({
  discussionId,
  discussionLevel,
}: {
  discussionId: string | null;
  discussionLevel: AccessLevel;
}) {
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const createReply = useCreateReply();
  const showToast = useToast();
  const composer = useRef<MarkdownComposerHandle>(null);
  // A failed post lands on the field, whose error text says why (Preview may have hidden it).
  const showText = () => composer.current?.focusText();

  const post = (event: FormEvent) => {
    event.preventDefault();
    const reason = quickReplyProblem(discussionId, content);
    setProblem(reason);
    if (reason) showText();
    if (reason || !discussionId) return;
    createReply.mutate(
      { discussionId, content: content.trim(), attachmentIds: [] },
      {
        onSuccess: () => {
          setContent('');
          showToast({ severity: 'success', title: 'Reply posted' });
        },
        onError: (error) => {
          setProblem(quickReplyFailureMessage(error));
          showText();
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={post} spacing={1.5} aria-label="Quick reply">
      <MarkdownComposer
        label="Write a reply"
        name="content"
        value={content}
        onChange={setContent}
        minRows={2}
        discussionLevel={discussionLevel}
        ref={composer}
        error={problem !== null}
        helperText={problem}
      />
      <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-end' }} loading={createReply.isPending}>
        Post
      </Button>
    </Stack>
  );
}
