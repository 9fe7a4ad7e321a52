import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';

interface DialogFormProps {
  title: string;
  /** The check or call that failed, shown above the fields. */
  problem: string | null;
  submitLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The form inside a console dialog: its title, the problem, the fields, Cancel and the submitting
 * button. The caller's Dialog mounts it only while open, so every opening starts from fresh state.
 */
export function DialogForm({
  title,
  problem,
  submitLabel,
  pending,
  submitDisabled,
  onSubmit,
  onClose,
  children,
}: DialogFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={submitDisabled} loading={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
