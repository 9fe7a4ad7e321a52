import type { Attachment } from '@crucible/proto';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';

/** How far a finger moves sideways before it counts as a swipe to the next or previous image. */
const SWIPE_PX = 50;

/**
 * The images of a post, one at a time: the arrow keys or the side buttons move between them, a
 * swipe does on touch screens, Escape or the close button leave.
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: Attachment[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const swipeStart = useRef<number | null>(null);
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const move = (step: number) => {
    if (index !== null && count > 1) onIndexChange((index + step + count) % count);
  };

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
  }
  function onPointerDown(event: PointerEvent) {
    if (event.pointerType !== 'mouse') swipeStart.current = event.clientX;
  }
  function onPointerUp(event: PointerEvent) {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) >= SWIPE_PX) move(distance < 0 ? 1 : -1);
  }

  return (
    <Dialog
      open={image !== undefined}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen
      onKeyDown={onKeyDown}
      slotProps={{ paper: { sx: { bgcolor: 'rgba(0, 0, 0, 0.92)', color: '#fff' } } }}
    >
      {image && (
        <Box
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          sx={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column', touchAction: 'pan-y' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5 }}>
            <Typography id={titleId} component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {image.originalName}
              {count > 1 && ` (${(index ?? 0) + 1} of ${count})`}
            </Typography>
            <IconButton aria-label="Close image" onClick={onClose} sx={{ color: 'inherit' }}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 1 }}>
            <Box
              component="img"
              src={image.publicUrl}
              alt={image.originalName}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', userSelect: 'none' }}
              draggable={false}
            />
          </Box>
          {count > 1 && (
            <>
              <IconButton
                aria-label="Previous image"
                onClick={() => move(-1)}
                sx={{ position: 'absolute', left: 8, top: '50%', color: 'inherit', bgcolor: 'rgba(0,0,0,0.4)' }}
              >
                <ChevronLeftIcon />
              </IconButton>
              <IconButton
                aria-label="Next image"
                onClick={() => move(1)}
                sx={{ position: 'absolute', right: 8, top: '50%', color: 'inherit', bgcolor: 'rgba(0,0,0,0.4)' }}
              >
                <ChevronRightIcon />
              </IconButton>
            </>
          )}
        </Box>
      )}
    </Dialog>
  );
}
