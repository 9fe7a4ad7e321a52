import ReportOutlinedIcon from '@mui/icons-material/ReportOutlined';
import type { AdminReport } from '@crucible/proto';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formatDateTime } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useAdminReports } from '../api/get-message-reports.ts';
import { useResolveReport } from '../api/resolve-report.ts';
import { AdminTable } from './AdminTable.tsx';
import { DialogForm } from './DialogForm.tsx';
import { MessageActions } from './MessageActions.tsx';
import { MessageSnapshot } from './MessageSnapshot.tsx';
import { SectionHeader } from './TabSection.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';

const typeLabel = (type: string) => type.replaceAll('_', ' ');

const REPORT_HEADINGS = ['Reported', 'Reporter', 'Type', 'Message', 'Reason', 'Status', 'Actions'];

/** Reports: open ones first; Resolve with notes. */
export function ReportsPanel() {
  const reports = useAdminReports();
  const [resolving, setResolving] = useState<AdminReport | null>(null);

  return (
    <>
      <SectionHeader title="Message Reports" />
      <AdminTable
        query={reports}
        failedText="Failed to fetch reports"
        loadingLabel="Loading reports"
        label="Message reports"
        headings={REPORT_HEADINGS}
        rows={reports.data?.reports}
        empty={{ icon: <ReportOutlinedIcon />, text: 'No reports' }}
        renderRow={(report) => (
          <TableRow key={report.id}>
            <TableCell>{formatDateTime(report.createdAt)}</TableCell>
            <TableCell>{report.reporterName}</TableCell>
            <TableCell sx={{ textTransform: 'capitalize' }}>{typeLabel(report.reportType)}</TableCell>
            <TableCell>
              <MessageSnapshot message={report.message} />
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{report.reportReason ?? '—'}</TableCell>
            <TableCell>
              {report.isResolved ? (
                <Chip size="small" color="success" label="Resolved" title={report.resolution ?? undefined} />
              ) : (
                <Chip size="small" color="warning" label="Pending" />
              )}
            </TableCell>
            <TableCell>
              <MessageActions
                messageId={report.message.id}
                label={`the message reported by ${report.reporterName}`}
                deleted={report.message.deletedAt !== null}
              />
              {!report.isResolved && (
                <Button
                  size="small"
                  onClick={() => setResolving(report)}
                  aria-label={`Resolve report by ${report.reporterName}`}
                >
                  Resolve
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      />
      <Dialog open={resolving !== null} onClose={() => setResolving(null)} fullWidth maxWidth="sm">
        {resolving && <ResolveForm report={resolving} onClose={() => setResolving(null)} />}
      </Dialog>
    </>
  );
}

function ResolveForm({ report, onClose }: { report: AdminReport; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const resolve = useResolveReport();
  const { problem, callbacks } = useDialogOutcome({
    succeeded: ADMIN_TEXTS.reportResolved,
    failed: ADMIN_TEXTS.reportResolveFailed,
    onClose,
  });

  const submit = () =>
    resolve.mutate({ id: report.id, resolution: notes.trim() || ADMIN_TEXTS.noResolutionNotes }, callbacks);

  return (
    <DialogForm
      title="Resolve Report"
      problem={problem}
      submitLabel="Resolve"
      pending={resolve.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <MessageSnapshot message={report.message} />
      <TextField
        label="Resolution notes"
        placeholder={ADMIN_TEXTS.noResolutionNotes}
        multiline
        minRows={3}
        fullWidth
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        sx={{ mt: 2 }}
      />
    </DialogForm>
  );
}
