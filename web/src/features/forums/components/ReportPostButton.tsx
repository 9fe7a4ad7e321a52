import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { ADMIN_MESSAGES as REPORT_TEXTS, REPORT_TYPES, type ReportType } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useReportPost } from '../api/report-post.ts';

/**
 * 'Report' on a discussion or reply that is not the member's own: a type from the report dialog's
 * list and free text; the forum refuses a second report of the same post (shown as it says it).
 */
export function ReportPostButton({
  discussionId,
  replyId,
  label,
}: {
  discussionId: string;
  replyId?: string;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [reportType, setReportType] = useState<ReportType | ''>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReportPost();
  const showToast = useToast();
  const close = () => {
    setOpen(false);
    setReportType('');
    setReason('');
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reportType) return setProblem(REPORT_TEXTS.reportTypeRequired);
    report.mutate(
      { discussionId, replyId, reportType, reportReason: reason.trim() || null },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: REPORT_TEXTS.reportSubmitted });
          close();
        },
        onError: (error) => setProblem(`${REPORT_TEXTS.reportFailed}: ${error.message || 'Please try again later.'}`),
      },
    );
  };
  return (
    <>
      <Button size="small" startIcon={<FlagOutlinedIcon />} onClick={() => setOpen(true)} aria-label={label}>
        Report
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <form noValidate onSubmit={submit}>
          <DialogTitle>Report post</DialogTitle>
          <DialogContent>
            {problem && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {problem}
              </Alert>
            )}
            <TextField
              select
              required
              label="Report type"
              value={reportType}
              onChange={(event) => setReportType(event.target.value as ReportType)}
              fullWidth
              sx={{ mt: 1 }}
            >
              {REPORT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {type.replaceAll('_', ' ')}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Reason (optional)"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              sx={{ mt: 2 }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" loading={report.isPending}>
              Report
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
