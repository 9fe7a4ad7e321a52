import ReportOutlinedIcon from '@mui/icons-material/ReportOutlined';
import type { AdminReport } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { useAdminReports, useResolveReport } from '../api/message-reports.ts';
import { MessageSnapshot } from './MessageSnapshot.tsx';
import { AdminTableContainer, EmptyTableRow, QueryState, SectionHeader } from './TabSection.tsx';

const typeLabel = (type: string) => type.replaceAll('_', ' ');

/** Reports: open ones first; Resolve with notes (spec 3 section 4). */
export function ReportsPanel() {
  const reports = useAdminReports();
  const [resolving, setResolving] = useState<AdminReport | null>(null);

  return (
    <>
      <SectionHeader title="Message Reports" />
      <QueryState
        isPending={reports.isPending}
        error={reports.error}
        failedText="Failed to fetch reports"
        loadingLabel="Loading reports"
        columns={7}
        onRetry={() => void reports.refetch()}
      >
        <AdminTableContainer label="Message reports">
          <Table size="small" aria-label="Message reports">
            <TableHead>
              <TableRow>
                <TableCell>Reported</TableCell>
                <TableCell>Reporter</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reports.data?.reports.length === 0 && (
                <EmptyTableRow columns={7} icon={<ReportOutlinedIcon />} text="No reports" />
              )}
              {reports.data?.reports.map((report) => (
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
              ))}
            </TableBody>
          </Table>
        </AdminTableContainer>
      </QueryState>
      <Dialog open={resolving !== null} onClose={() => setResolving(null)} fullWidth maxWidth="sm">
        {resolving && <ResolveForm report={resolving} onClose={() => setResolving(null)} />}
      </Dialog>
    </>
  );
}

function ResolveForm({ report, onClose }: { report: AdminReport; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const resolve = useResolveReport();
  const showToast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate(
      { id: report.id, resolution: notes.trim() || ADMIN_TEXTS.noResolutionNotes },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: ADMIN_TEXTS.reportResolved });
          onClose();
        },
        onError: (error) => {
          const text = failureDescription(error);
          setProblem(text);
          showToast({ severity: 'error', title: ADMIN_TEXTS.reportResolveFailed, description: text });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>Resolve Report</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={resolve.isPending}>
          Resolve
        </Button>
      </DialogActions>
    </form>
  );
}
