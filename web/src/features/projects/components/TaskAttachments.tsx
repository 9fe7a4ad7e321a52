import { ATTACHMENT_ACCEPT, PROJECT_MESSAGES, formatBytes, type TaskAttachment } from '@crucible/proto';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeleteTaskAttachment } from '../api/delete-task-attachment.ts';
import { useDownloadTaskAttachment } from '../api/download-task-attachment.ts';
import { useTaskAttachments } from '../api/get-task-attachments.ts';
import { useUploadTaskAttachment } from '../api/upload-task-attachment.ts';

/**
 * The Edit Task dialog's files (uploaded on the forum's flow): the list with a
 * download each, Attach File, and Remove. A failed upload is 'Failed to upload file'
 * with the service's reason below it.
 */
export function TaskAttachments({ taskId }: { taskId: string }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const attachments = useTaskAttachments(taskId);
  const upload = useUploadTaskAttachment();
  const remove = useDeleteTaskAttachment();
  const download = useDownloadTaskAttachment();

  function chosen(file: File | undefined) {
    if (!file) return;
    upload.mutate(
      { taskId, file },
      {
        onSuccess: (attachment) =>
          toast({ title: 'Success', description: `${attachment.originalName} attached`, severity: 'success' }),
        onError: () => toast({ title: 'Error', description: PROJECT_MESSAGES.uploadFailed, severity: 'error' }),
      },
    );
  }

  const items: TaskAttachment[] = attachments.data ?? [];
  return (
    <Box component="section" aria-labelledby={`task-attachments-${taskId}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={`task-attachments-${taskId}`} variant="subtitle2" component="h3">
          {PROJECT_MESSAGES.attachmentsTitle}
        </Typography>
        <Button
          size="small"
          startIcon={<AttachFileIcon />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
        >
          Attach File
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={ATTACHMENT_ACCEPT}
          aria-label="Attach a file to the task"
          data-testid="task-attachment-input"
          onChange={(event) => {
            chosen(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
      {upload.error && (
        <Alert severity="error" onClose={() => upload.reset()} sx={{ mt: 1 }}>
          {PROJECT_MESSAGES.uploadFailed}: {upload.error.message}
        </Alert>
      )}
      {download.error && (
        <Alert severity="error" onClose={() => download.reset()} sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {download.error.message}
        </Alert>
      )}
      {attachments.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {PROJECT_MESSAGES.noAttachments}
        </Typography>
      )}
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {items.map((attachment) => (
          <Box component="li" key={attachment.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
            <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
              {attachment.originalName}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({formatBytes(attachment.fileSize)})
              </Typography>
            </Typography>
            <IconButton
              size="small"
              aria-label={`Download ${attachment.originalName}`}
              onClick={() => download.mutate(attachment)}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Remove ${attachment.originalName}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate({ taskId, attachmentId: attachment.id })}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
