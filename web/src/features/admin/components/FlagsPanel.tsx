import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { MESSAGE_FLAG_STATUSES, type MessageFlag, type MessageFlagStatus } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { failureDescription, formatDateTime } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useAdminFlags, useUpdateFlagStatus } from '../api/message-flags.ts';
import { MessageSnapshot } from './MessageSnapshot.tsx';
import { AdminTableContainer, EmptyTableRow, QueryState, SectionHeader } from './TabSection.tsx';

/** Spec 3 section 4: pending yellow, under review blue, resolved green, dismissed grey, escalated red. */
export const FLAG_STATUS_COLOURS: Record<MessageFlagStatus, ChipProps['color']> = {
  pending: 'warning',
  under_review: 'info',
  resolved: 'success',
  dismissed: 'default',
  escalated: 'error',
};

export const flagStatusLabel = (status: MessageFlagStatus) =>
  status === 'under_review' ? 'Under review' : status.charAt(0).toUpperCase() + status.slice(1);

/** Flags: highest priority first; Update sets any status with notes, except on resolved flags. */
export function FlagsPanel() {
  const flags = useAdminFlags();
  const [updating, setUpdating] = useState<MessageFlag | null>(null);

  return (
    <>
      <SectionHeader title="Message Flags" />
      <QueryState
        isPending={flags.isPending}
        error={flags.error}
        failedText="Failed to fetch flags"
        loadingLabel="Loading flags"
        columns={7}
        onRetry={() => void flags.refetch()}
      >
        <AdminTableContainer label="Message flags">
          <Table size="small" aria-label="Message flags">
            <TableHead>
              <TableRow>
                <TableCell>Flagged</TableCell>
                <TableCell>Flagged By</TableCell>
                <TableCell align="right">Priority</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {flags.data?.flags.length === 0 && (
                <EmptyTableRow columns={7} icon={<FlagOutlinedIcon />} text="No flags" />
              )}
              {flags.data?.flags.map((flag) => (
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
              ))}
            </TableBody>
          </Table>
        </AdminTableContainer>
      </QueryState>
      <Dialog open={updating !== null} onClose={() => setUpdating(null)} fullWidth maxWidth="sm">
        {updating && <FlagForm flag={updating} onClose={() => setUpdating(null)} />}
      </Dialog>
    </>
  );
}

function FlagForm({ flag, onClose }: { flag: MessageFlag; onClose: () => void }) {
  const [status, setStatus] = useState<MessageFlagStatus>(flag.status);
  const [reviewNotes, setReviewNotes] = useState(flag.reviewNotes ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateFlagStatus();
  const showToast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: flag.id, update: { status, reviewNotes: reviewNotes.trim() || null } },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: ADMIN_TEXTS.flagUpdated });
          onClose();
        },
        onError: (error) => {
          const text = failureDescription(error);
          setProblem(text);
          showToast({ severity: 'error', title: ADMIN_TEXTS.flagUpdateFailed, description: text });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>Update Flag</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Update
        </Button>
      </DialogActions>
    </form>
  );
}
