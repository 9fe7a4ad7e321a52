import CodeIcon from '@mui/icons-material/Code';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode, RefObject } from 'react';
import { applyMarkdown, type MarkdownAction } from '../markdown-edit.ts';

const ACTIONS: { action: MarkdownAction; label: string; icon: ReactNode }[] = [
  { action: 'bold', label: 'Bold', icon: <FormatBoldIcon fontSize="small" /> },
  { action: 'italic', label: 'Italic', icon: <FormatItalicIcon fontSize="small" /> },
  { action: 'link', label: 'Link', icon: <LinkIcon fontSize="small" /> },
  { action: 'code', label: 'Code', icon: <CodeIcon fontSize="small" /> },
  { action: 'list', label: 'Bulleted list', icon: <FormatListBulletedIcon fontSize="small" /> },
  { action: 'quote', label: 'Quote', icon: <FormatQuoteIcon fontSize="small" /> },
];

/** Markdown marks for the composer's text field: each button wraps the selection, and keeps it selected. */
export function MarkdownToolbar({
  inputRef,
  value,
  onChange,
}: {
  inputRef: RefObject<HTMLTextAreaElement | HTMLInputElement | null>;
  value: string;
  onChange: (text: string) => void;
}) {
  function apply(action: MarkdownAction) {
    const input = inputRef.current;
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? value.length;
    const edit = applyMarkdown(value, start, end, action);
    onChange(edit.text);
    // After React has put the new text in the field, select what was wrapped.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  }
  return (
    <Stack direction="row" role="toolbar" aria-label="Formatting" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {ACTIONS.map(({ action, label, icon }) => (
        <Tooltip key={action} title={label}>
          <IconButton size="small" aria-label={label} onClick={() => apply(action)}>
            {icon}
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}
