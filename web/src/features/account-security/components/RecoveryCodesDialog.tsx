import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface RecoveryCodesDialogProps {
  codes: string[] | null;
  onClose: () => void;
}

/** Shown once, right after the codes are made: the service keeps only their hashes. */
export function RecoveryCodesDialog({ codes, onClose }: RecoveryCodesDialogProps) {
  const download = () => {
    const text = `Crucible recovery codes (each works once)\n\n${(codes ?? []).join('\n')}\n`;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'crucible-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Dialog open={codes !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Your recovery codes</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Keep these somewhere safe. Each code signs you in once if you lose your authenticator app. They will not be
          shown again.
        </Alert>
        <Box
          component="ul"
          aria-label="Recovery codes"
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 1,
            listStyle: 'none',
            p: 0,
            m: 0,
            fontFamily: 'monospace',
            fontSize: '1rem',
          }}
        >
          {(codes ?? []).map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText((codes ?? []).join('\n'))}>Copy</Button>
        <Button onClick={download}>Download</Button>
        <Button variant="contained" onClick={onClose}>
          I saved them
        </Button>
      </DialogActions>
    </Dialog>
  );
}
