import { bulkDeleteSchema, bulkFlagSchema } from '@crucible/proto';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useBulkModerate, type BulkAction } from '../api/bulk-moderate.ts';
import { DialogForm } from './DialogForm.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';

/**
 * The actions on one direct message wherever the console shows it (a conversation, a report):
 * delete it for both members or flag it, each with the reason the audit log keeps. A deleted
 * message offers nothing.
 */
export function MessageActions({ messageId, label, deleted }: { messageId: string; label: string; deleted: boolean }) {
  const [action, setAction] = useState<BulkAction | null>(null);
  if (deleted) return null;
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={`Actions on ${label}`}>
      <Button size="small" color="error" onClick={() => setAction('delete')}>
        Delete
      </Button>
      <Button size="small" onClick={() => setAction('flag')}>
        Flag
      </Button>
      <Dialog open={action !== null} onClose={() => setAction(null)} fullWidth maxWidth="sm">
        {action && <MessageActionForm messageId={messageId} action={action} onClose={() => setAction(null)} />}
      </Dialog>
    </Stack>
  );
}

function MessageActionForm({
  messageId,
  action,
  onClose,
}: {
  messageId: string;
  action: BulkAction;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [priority, setPriority] = useState(1);
  const moderate = useBulkModerate();
  const { problem, setProblem, callbacks } = useDialogOutcome({
    succeeded: action === 'delete' ? ADMIN_TEXTS.messagesDeleted : ADMIN_TEXTS.messagesFlagged,
    failed: action === 'delete' ? ADMIN_TEXTS.bulkDeleteFailed : ADMIN_TEXTS.bulkFlagFailed,
    onClose,
  });
  const submit = () => {
    const schema = action === 'delete' ? bulkDeleteSchema : bulkFlagSchema;
    const parsed = schema.safeParse({ messageIds: [messageId], reason, priority });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ADMIN_TEXTS.genericFallback);
      return;
    }
    moderate.mutate({ action, messageIds: [messageId], reason: reason.trim(), priority }, callbacks);
  };
  return (
    <DialogForm
      title={action === 'delete' ? 'Delete message' : 'Flag message'}
      problem={problem}
      submitLabel={action === 'delete' ? 'Delete' : 'Flag'}
      pending={moderate.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {action === 'delete' && (
        <Typography variant="body2" color="text.secondary">
          Both members lose the message; this cannot be undone.
        </Typography>
      )}
      <TextField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        fullWidth
        sx={{ mt: 2 }}
      />
      {action === 'flag' && (
        <TextField
          select
          label="Priority"
          value={priority}
          onChange={(event) => setPriority(Number(event.target.value))}
          sx={{ mt: 2, minWidth: 120 }}
        >
          {[1, 2, 3, 4, 5].map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      )}
    </DialogForm>
  );
}
