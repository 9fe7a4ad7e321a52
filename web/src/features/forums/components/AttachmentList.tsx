import { formatBytes, type Attachment } from '@crucible/proto';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDownloadAttachment } from '../api/download-attachment.ts';

function TypeIcon({ type }: { type: Attachment['type'] }) {
  if (type === 'image') return <ImageIcon fontSize="small" aria-hidden="true" />;
  if (type === 'document') return <DescriptionIcon fontSize="small" aria-hidden="true" />;
  return <InsertDriveFileIcon fontSize="small" aria-hidden="true" />;
}

/** A post's files, each downloaded under its original name; a failed download says why (spec 2 section 8). */
export function AttachmentList({ attachments, label = 'Attachments' }: { attachments: Attachment[]; label?: string }) {
  const download = useDownloadAttachment();
  if (attachments.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {attachments.map((attachment) => (
          <Box
            component="li"
            key={attachment.id}
            sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.5 }}
          >
            <TypeIcon type={attachment.type} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
              {attachment.originalName}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({formatBytes(attachment.fileSize)})
              </Typography>
            </Typography>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              aria-label={`Download ${attachment.originalName}`}
              loading={download.isPending && download.variables?.publicUrl === attachment.publicUrl}
              onClick={() => download.mutate(attachment)}
            >
              Download
            </Button>
          </Box>
        ))}
      </Box>
      {download.error && (
        <Alert
          severity="error"
          onClose={() => download.reset()}
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {download.error.message}
        </Alert>
      )}
    </Stack>
  );
}
