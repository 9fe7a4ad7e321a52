import { formatBytes, type Attachment } from '@crucible/proto';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDeleteAttachment } from '../api/delete-attachment.ts';
import { AttachmentUploadDialog } from './AttachmentUploadDialog.tsx';

export interface AttachmentPickerProps {
  attachments: Attachment[];
  onAdd: (attachment: Attachment) => void;
  onRemove: (attachment: Attachment) => void;
}

/**
 * The file attachments of a post being written: uploads not yet linked to anything, which the post
 * links as it is created. A removed one is deleted so it does not linger on the server.
 */
export function AttachmentPicker({ attachments, onAdd, onRemove }: AttachmentPickerProps) {
  const [open, setOpen] = useState(false);
  const deleteAttachment = useDeleteAttachment();

  function remove(attachment: Attachment) {
    onRemove(attachment);
    deleteAttachment.mutate(attachment.id);
  }

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => setOpen(true)}>
        Attach File
      </Button>
      {attachments.length > 0 && (
        <Box component="ul" aria-label="Attached files" sx={{ p: 0, m: 0, listStyle: 'none', width: '100%' }}>
          {attachments.map((attachment) => (
            <Box component="li" key={attachment.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <AttachFileIcon fontSize="small" aria-hidden="true" />
              <Typography variant="body2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                {attachment.originalName} ({formatBytes(attachment.fileSize)})
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${attachment.originalName}`}
                onClick={() => remove(attachment)}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <AttachmentUploadDialog open={open} onClose={() => setOpen(false)} onUploaded={onAdd} />
    </Stack>
  );
}
