import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useReportMessage } from '../api/report-message.ts';
import { REPORT_TYPES, type DirectMessage, type ReportType } from '@crucible/proto';
import { DM_TEXTS, failureDescription, stripHtml } from '../message-rules.ts';

const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate_content: 'Inappropriate content',
  hate_speech: 'Hate speech',
  threat: 'Threat',
  other: 'Other',
};

const REASON_MAX = 1000;

/** Reporting another member's message to the admins: a report type is required, a reason optional. */
export function ReportMessageDialog({ message, onClose }: { message: DirectMessage | null; onClose: () => void }) {
  const [reportType, setReportType] = useState<ReportType | ''>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReportMessage();
  const showToast = useToast();

  const close = () => {
    setReportType('');
    setReason('');
    setProblem(null);
    report.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message) return;
    if (!reportType) {
      setProblem(DM_TEXTS.reportTypeRequired);
      return;
    }
    setProblem(null);
    const reportReason = reason.trim();
    report.mutate(
      { messageId: message.id, reportType, ...(reportReason ? { reportReason } : {}) },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: DM_TEXTS.reportSubmitted });
          close();
        },
        onError: (error) => {
          const description = failureDescription(error, DM_TEXTS.reportFallback);
          setProblem(`${DM_TEXTS.reportFailed}: ${description}`);
          showToast({ severity: 'error', title: DM_TEXTS.reportFailed, description });
        },
      },
    );
  };

  return (
    <Dialog open={message !== null} onClose={close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>Report message</DialogTitle>
        <DialogContent>
          {message && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mb: 2, overflowWrap: 'anywhere', maxHeight: 96, overflow: 'auto' }}
            >
              “{stripHtml(message.content)}”
            </Typography>
          )}
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <FormControl required error={problem === DM_TEXTS.reportTypeRequired}>
            <FormLabel id="report-type-label">Report type</FormLabel>
            <RadioGroup
              aria-labelledby="report-type-label"
              value={reportType}
              onChange={(event) => setReportType(event.target.value as ReportType)}
            >
              {REPORT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  value={type}
                  control={<Radio size="small" />}
                  label={REPORT_TYPE_LABELS[type]}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" loading={report.isPending}>
            Submit Report
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
