import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LIMITS } from '@crucible/proto';
import type { FormEvent, KeyboardEvent } from 'react';
import { composerKeyAction, messageContentProblem } from '../message-rules.ts';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (content: string) => void;
  pending: boolean;
  /** Why the member cannot write here (a block), shown instead of the placeholder. */
  disabledReason?: string;
}

/** Enter sends, Shift+Enter adds a line; sending is off while the text is blank or a send is pending. */
export function Composer({ value, onChange, onSend, pending, disabledReason }: ComposerProps) {
  const problem = messageContentProblem(value);
  const tooLong = value.length > LIMITS.directMessage.formMaxChars;
  const canSend = !problem && !pending && !disabledReason;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend(value.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      composerKeyAction({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }) !==
      'send'
    )
      return;
    event.preventDefault();
    submit();
  };

  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={submit}
      noValidate
      aria-label="Write a message"
      sx={{ alignItems: 'flex-end' }}
    >
      <TextField
        label="Message"
        placeholder={disabledReason ?? 'Write a message (Enter sends, Shift+Enter adds a line)'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={Boolean(disabledReason)}
        multiline
        maxRows={6}
        fullWidth
        size="small"
        error={tooLong}
        helperText={tooLong ? problem : disabledReason}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!canSend}
        loading={pending}
        aria-label="Send message"
        sx={{ minWidth: 0, px: 2, mb: tooLong || disabledReason ? 2.75 : 0 }}
      >
        <SendIcon fontSize="small" />
      </Button>
    </Stack>
  );
}
