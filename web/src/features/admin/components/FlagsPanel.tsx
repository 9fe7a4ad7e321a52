import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { MESSAGE_FLAG_STATUSES, type MessageFlag, type MessageFlagStatus } from '@crucible/proto';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formatDateTime } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useAdminFlags } from '../api/get-message-flags.ts';
import { useUpdateFlagStatus } from '../api/update-flag-status.ts';
import { AdminTable, type AdminTableHeading } from './AdminTable.tsx';
import { DialogForm } from './DialogForm.tsx';
import { MessageSnapshot } from './MessageSnapshot.tsx';
import { SectionHeader } from './TabSection.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';

/** Pending yellow, under review blue, resolved green, dismissed grey, escalated red. */
export const FLAG_STATUS_COLOURS: Record<MessageFlagStatus, ChipProps['color']> = {
  pending: 'warning',
  under_review: 'info',
  resolved: 'success',
  dismissed: 'default',
  escalated: 'error',
};

export const flagStatusLabel = (status: MessageFlagStatus) =>
  status === 'under_review' ? 'Under review' : status.charAt(0).toUpperCase() + status.slice(1);

const FLAG_HEADINGS: readonly AdminTableHeading[] = [
  'Flagged',
  'Flagged By',
  { key: 'priority', label: 'Priority', align: 'right' },
  'Message',
  'Reason',
  'Status',
  'Actions',
];

/** Flags: highest priority first; Update sets any status with notes, except on resolved flags. */
export function FlagsPanel() {
  const flags = useAdminFlags();
  const [updating, setUpdating] = useState<MessageFlag | null>(null);

  return (
    <>
      <SectionHeader title="Message Flags" />
      <AdminTable
        query={flags}
        failedText="Failed to fetch flags"
        loadingLabel="Loading flags"
        label="Message flags"
        headings={FLAG_HEADINGS}
        rows={flags.data?.flags}
        empty={{ icon: <FlagOutlinedIcon />, text: 'No flags' }}
        renderRow={(flag) => (
          <TableRow key={flag.id}>
            <TableCell>{formatDateTime(flag.createdAt)}</TableCell>
            <TableCell>{flag.flaggedByName}</TableCell>
            <TableCell align="right">{flag.priority}</TableCell>
            <TableCell>
              <MessageSnapshot message={flag.message} />
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {flag.reason}
              {flag.reviewNotes && (
                <Stack component="span" sx={{ color: 'text.secondary', fontSize: '0.8rem' }}>
                  Notes: {flag.reviewNotes}
                </Stack>
              )}
            </TableCell>
            <TableCell>
              <Chip size="small" color={FLAG_STATUS_COLOURS[flag.status]} label={flagStatusLabel(flag.status)} />
            </TableCell>
            <TableCell>
              {flag.status !== 'resolved' && (
                <Button
                  size="small"
                  onClick={() => setUpdating(flag)}
                  aria-label={`Update flag by ${flag.flaggedByName}`}
                >
                  Update
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      />
      <Dialog open={updating !== null} onClose={() => setUpdating(null)} fullWidth maxWidth="sm">
        {updating && <FlagForm flag={updating} onClose={() => setUpdating(null)} />}
      </Dialog>
    </>
  );
}

function FlagForm({ flag, onClose }: { flag: MessageFlag; onClose: () => void }) {
  const [status, setStatus] = useState<MessageFlagStatus>(flag.status);
  const [reviewNotes, setReviewNotes] = useState(flag.reviewNotes ?? '');
  const update = useUpdateFlagStatus();
  const { problem, callbacks } = useDialogOutcome({
    succeeded: ADMIN_TEXTS.flagUpdated,
    failed: ADMIN_TEXTS.flagUpdateFailed,
    onClose,
  });

  const submit = () =>
    update.mutate({ id: flag.id, update: { status, reviewNotes: reviewNotes.trim() || null } }, callbacks);

  return (
    <DialogForm
      title="Update Flag"
      problem={problem}
      submitLabel="Update"
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <MessageSnapshot message={flag.message} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as MessageFlagStatus)}
        >
          {MESSAGE_FLAG_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {flagStatusLabel(value)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Review notes"
          multiline
          minRows={3}
          value={reviewNotes}
          onChange={(e) => setReviewNotes(e.target.value)}
        />
      </Stack>
    </DialogForm>
  );
}
