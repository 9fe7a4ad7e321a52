import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useContentPreview } from '../api/preview-content.ts';
import { ContentHtml } from './ContentHtml.tsx';
import { MarkdownToolbar } from './MarkdownToolbar.tsx';

export interface MarkdownComposerProps {
  label: string;
  name?: string;
  value: string;
  onChange: (text: string) => void;
  required?: boolean;
  autoFocus?: boolean;
  minRows?: number;
  helperText?: ReactNode;
  error?: boolean;
  maxLength?: number;
}

type Mode = 'write' | 'preview';

/**
 * The forum's markdown editor: Write (the formatting toolbar over the text) and Preview (the draft
 * rendered by the forum service, exactly as the posted content will show).
 */
export function MarkdownComposer({
  label,
  name,
  value,
  onChange,
  required,
  autoFocus,
  minRows = 5,
  helperText,
  error,
  maxLength,
}: MarkdownComposerProps) {
  const [mode, setMode] = useState<Mode>('write');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const preview = useContentPreview(value, mode === 'preview');
  const tabId = (tab: Mode) => `${id}-${tab}-tab`;
  const panelId = (tab: Mode) => `${id}-${tab}-panel`;

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Tabs
          value={mode}
          onChange={(_event, next: Mode) => setMode(next)}
          aria-label={`Write or preview: ${label}`}
          sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0.5 } }}
        >
          <Tab value="write" label="Write" id={tabId('write')} aria-controls={panelId('write')} />
          <Tab value="preview" label="Preview" id={tabId('preview')} aria-controls={panelId('preview')} />
        </Tabs>
        {mode === 'write' && <MarkdownToolbar inputRef={inputRef} value={value} onChange={onChange} />}
      </Stack>
      <Box role="tabpanel" id={panelId('write')} aria-labelledby={tabId('write')} hidden={mode !== 'write'}>
        <TextField
          inputRef={inputRef}
          label={label}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required={required}
          autoFocus={autoFocus}
          error={error}
          helperText={helperText}
          fullWidth
          multiline
          minRows={minRows}
          slotProps={{ htmlInput: { maxLength } }}
        />
      </Box>
      <Box
        role="tabpanel"
        id={panelId('preview')}
        aria-labelledby={tabId('preview')}
        aria-busy={preview.isFetching}
        hidden={mode !== 'preview'}
        sx={{ minHeight: 120, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        {mode === 'preview' && <PreviewBody value={value} preview={preview} />}
      </Box>
    </Box>
  );
}

function PreviewBody({ value, preview }: { value: string; preview: ReturnType<typeof useContentPreview> }) {
  if (!value.trim()) return <Typography color="text.secondary">Nothing to preview</Typography>;
  if (preview.isError) return <Typography color="error">The preview could not be shown. Please try again.</Typography>;
  if (preview.data === undefined) return <CircularProgress size={24} aria-label="Loading preview" />;
  return <ContentHtml html={preview.data} />;
}
