import { ATTACHMENT_MESSAGES, formatBytes, type Attachment } from '@crucible/proto';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type DragEvent } from 'react';
import { useToast, type Toast } from '../../../components/toast/toast-context.ts';
import { useUploadAttachment } from '../api/upload-attachment.ts';
import {
  DEFAULT_ALLOWED_DESCRIPTION,
  DEFAULT_ALLOWED_TYPES,
  DEFAULT_MAX_FILE_SIZE,
  isAllowedFile,
  typeNotAllowedMessage,
} from '../attachment-rules.ts';

/** The success state shows for 2 seconds before the dialog closes and resets. */
export const UPLOAD_SUCCESS_DISPLAY_MS = 2000;

type UploadState = { step: 'idle' } | { step: 'uploading'; fileName: string } | { step: 'complete'; fileName: string };

export interface AttachmentUploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Links the upload to this discussion as it is recorded. */
  discussionId?: string;
  /** Links the upload to this reply as it is recorded. */
  replyId?: string;
  maxFileSize?: number;
  /** Extensions ('.pdf') and media types ('application/pdf', 'image/*'). */
  allowedTypes?: readonly string[];
  /** Told of each recorded attachment (a form that links uploads to a post it creates keeps them). */
  onUploaded?: (attachment: Attachment) => void;
}

/** The attachment upload dialog: idle with a browse control, uploading, complete. */
export function AttachmentUploadDialog({
  open,
  onClose,
  discussionId,
  replyId,
  maxFileSize = DEFAULT_MAX_FILE_SIZE,
  allowedTypes = DEFAULT_ALLOWED_TYPES,
  onUploaded,
}: AttachmentUploadDialogProps) {
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const upload = useUploadAttachment();
  const showToast = useToast();
  // The latest onClose, read when the success timer fires, without restarting the timer when it changes.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (state.step !== 'complete') return undefined;
    const timer = setTimeout(() => {
      setState({ step: 'idle' });
      closeRef.current();
    }, UPLOAD_SUCCESS_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [state.step]);

  /** The toast shows inside the open dialog (ToastProvider), where assistive technology reaches it. */
  function refuse(toast: Toast) {
    showToast(toast);
    setState({ step: 'idle' });
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (file) takeFile(file);
  }

  /** A file dropped on the dialog or pasted into it goes the same way as one picked with Browse Files. */
  function dropFile(event: DragEvent) {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file && state.step === 'idle') takeFile(file);
  }
  function pasteFile(event: ClipboardEvent) {
    const file = event.clipboardData.files[0];
    if (!file || state.step !== 'idle') return;
    event.preventDefault();
    takeFile(file);
  }

  function takeFile(file: File) {
    if (file.size > maxFileSize) {
      refuse({
        severity: 'error',
        title: ATTACHMENT_MESSAGES.fileTooLargeTitle,
        description: ATTACHMENT_MESSAGES.fileTooLarge(maxFileSize),
      });
      return;
    }
    if (!isAllowedFile(file, allowedTypes)) {
      refuse({ severity: 'error', title: 'File type not allowed', description: typeNotAllowedMessage(allowedTypes) });
      return;
    }
    setState({ step: 'uploading', fileName: file.name });
    upload.mutate(
      { file, discussionId, replyId },
      {
        onSuccess: (attachment) => {
          showToast({
            severity: 'success',
            title: 'File uploaded successfully!',
            description: `${file.name} has been uploaded.`,
          });
          onUploaded?.(attachment);
          setState({ step: 'complete', fileName: file.name });
        },
        onError: () =>
          refuse({
            severity: 'error',
            title: 'Upload failed',
            description: 'There was an error uploading your file. Please try again.',
          }),
      },
    );
  }

  function close() {
    if (state.step === 'uploading') return;
    setState({ step: 'idle' });
    onClose();
  }

  const allowedDescription =
    allowedTypes === DEFAULT_ALLOWED_TYPES ? DEFAULT_ALLOWED_DESCRIPTION : allowedTypes.join(', ');

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      onDragOver={(event) => event.preventDefault()}
      onDrop={dropFile}
      onPaste={pasteFile}
    >
      <DialogTitle id={titleId}>Upload Attachment</DialogTitle>
      <DialogContent>
        {state.step === 'idle' && (
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <UploadFileIcon aria-hidden="true" sx={{ fontSize: 48, color: 'text.secondary' }} />
            <Typography gutterBottom>Choose a file to attach, drop it here or paste it.</Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {allowedDescription}; up to {formatBytes(maxFileSize)}.
            </Typography>
            <input
              ref={inputRef}
              type="file"
              hidden
              aria-label="File to upload"
              accept={allowedTypes.join(',')}
              onChange={chooseFile}
            />
            <Button variant="contained" onClick={() => inputRef.current?.click()} sx={{ mt: 1 }}>
              Browse Files
            </Button>
          </Box>
        )}
        {state.step === 'uploading' && (
          <Box role="status" sx={{ textAlign: 'center', py: 3 }}>
            <CircularProgress aria-hidden="true" />
            <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }}>Uploading {state.fileName}...</Typography>
          </Box>
        )}
        {state.step === 'complete' && (
          <Box role="status" sx={{ textAlign: 'center', py: 3 }}>
            <CheckCircleIcon aria-hidden="true" color="success" sx={{ fontSize: 48 }} />
            <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>Upload complete: {state.fileName}</Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={state.step === 'uploading'}>
          {state.step === 'complete' ? 'Close' : 'Cancel'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
