import { formatBytes, type Attachment } from '@crucible/proto';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDownloadAttachment } from '../api/download-attachment.ts';
import { ImageViewer } from './ImageViewer.tsx';

function TypeIcon({ attachment }: { attachment: Pick<Attachment, 'type' | 'mimeType' | 'originalName'> }) {
  const name = attachment.originalName.toLowerCase();
  if (attachment.type === 'image') return <ImageIcon fontSize="small" aria-hidden="true" />;
  if (attachment.mimeType === 'application/pdf' || name.endsWith('.pdf'))
    return <PictureAsPdfIcon fontSize="small" aria-hidden="true" />;
  if (/\.(pptx?|key|odp)$/.test(name)) return <SlideshowIcon fontSize="small" aria-hidden="true" />;
  if (attachment.type === 'document') return <DescriptionIcon fontSize="small" aria-hidden="true" />;
  return <InsertDriveFileIcon fontSize="small" aria-hidden="true" />;
}

/**
 * A post's files: images as thumbnails that open the viewer, every file as a row with its type icon,
 * size and download, under its original name; a failed download says why.
 */
export function AttachmentList({ attachments, label = 'Attachments' }: { attachments: Attachment[]; label?: string }) {
  const download = useDownloadAttachment();
  const [viewing, setViewing] = useState<number | null>(null);
  if (attachments.length === 0) return null;
  const images = attachments.filter((attachment) => attachment.type === 'image');
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      {images.length > 0 && (
        <Box
          component="ul"
          aria-label="Images"
          sx={{ p: 0, m: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {images.map((image, index) => (
            <Box component="li" key={image.id}>
              <ButtonBase
                onClick={() => setViewing(index)}
                aria-label={`View ${image.originalName}`}
                sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
              >
                <Box
                  component="img"
                  src={image.publicUrl}
                  alt=""
                  loading="lazy"
                  sx={{ width: 112, height: 112, objectFit: 'cover', display: 'block' }}
                />
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
      <ImageViewer images={images} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {attachments.map((attachment) => (
          <Box
            component="li"
            key={attachment.id}
            sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.5 }}
          >
            <TypeIcon attachment={attachment} />
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
