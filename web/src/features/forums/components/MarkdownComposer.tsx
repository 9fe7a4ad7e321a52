import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import type { AccessLevel, UserSummary } from '@crucible/proto';
import {
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { USER_SEARCH_DEBOUNCE_MS, useUserSearch } from '../../../lib/user-search.ts';
import { insertMention, memberName, mentionQueryAt } from '../mentions.ts';
import { useContentPreview } from '../api/preview-content.ts';
import { ContentHtml } from './ContentHtml.tsx';
import { MarkdownToolbar } from './MarkdownToolbar.tsx';

export interface MarkdownComposerHandle {
  /**
   * Shows Write and focuses the text field, so after a failed send keyboard and screen-reader users
   * land on the field (and its error text) even when Preview was showing and the field was hidden.
   */
  focusText(): void;
}

export interface MarkdownComposerProps {
  ref?: Ref<MarkdownComposerHandle>;
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
  /** The level the text is posted at: the @-mention picker offers only the members who can read it. */
  discussionLevel?: AccessLevel;
}

type Mode = 'write' | 'preview';

/**
 * The forum's markdown editor: Write (the formatting toolbar over the text) and Preview (the draft
 * rendered by the forum service, exactly as the posted content will show).
 */
export function MarkdownComposer({
  ref,
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
  discussionLevel,
}: MarkdownComposerProps) {
  const [mode, setMode] = useState<Mode>('write');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const preview = useContentPreview(value, mode === 'preview');
  const mention = useMentionPicker(value, onChange, inputRef, discussionLevel);
  useImperativeHandle(
    ref,
    () => ({
      focusText() {
        // The field must be visible before it can take the focus.
        flushSync(() => setMode('write'));
        inputRef.current?.focus();
      },
    }),
    [],
  );
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
          onChange={(event) => {
            onChange(event.target.value);
            mention.track(event.target);
          }}
          onSelect={(event) => mention.track(event.target as HTMLTextAreaElement)}
          onKeyDown={mention.onKeyDown}
          onBlur={mention.close}
          required={required}
          autoFocus={autoFocus}
          error={error}
          helperText={helperText}
          fullWidth
          multiline
          minRows={minRows}
          slotProps={{
            htmlInput: {
              maxLength,
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-haspopup': 'listbox',
              'aria-expanded': mention.open,
              'aria-controls': mention.open ? mention.listboxId : undefined,
              'aria-activedescendant': mention.open ? mention.optionId(mention.active) : undefined,
            },
          }}
        />
        {mention.open && (
          <Paper
            elevation={4}
            component="ul"
            role="listbox"
            id={mention.listboxId}
            aria-label="Members to mention"
            sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0.5, maxHeight: 240, overflowY: 'auto' }}
          >
            {mention.members.map((member, index) => (
              <Box
                component="li"
                key={member.id}
                id={mention.optionId(index)}
                role="option"
                aria-selected={index === mention.active}
                // Keeps the focus (and the caret) in the text while the pointer picks.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => mention.pick(member)}
                sx={{
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 1,
                  cursor: 'pointer',
                  bgcolor: index === mention.active ? 'action.selected' : undefined,
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                {memberName(member)}
              </Box>
            ))}
          </Paper>
        )}
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

/**
 * The @-mention picker: '@' and 2 characters search the members who can read the discussion (the
 * messages page's search, filtered by its level: the forum drops a mention of anyone else), arrows
 * move, Enter or Tab writes the forum's `@[Name](id)`, Escape closes.
 */
function useMentionPicker(
  value: string,
  onChange: (text: string) => void,
  inputRef: RefObject<HTMLTextAreaElement | null>,
  discussionLevel: AccessLevel | undefined,
) {
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const listboxId = `${useId()}-mentions`;
  const query = caret === null ? null : mentionQueryAt(value, caret);
  const debounced = useDebouncedValue(query?.text ?? '', USER_SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(query ? debounced : '', { minAccessLevel: discussionLevel });
  const members: UserSummary[] = query && search.data ? search.data.slice(0, 8) : [];
  const open = query !== null && query.start !== dismissedAt && members.length > 0;
  const current = Math.min(active, Math.max(members.length - 1, 0));

  function track(input: HTMLInputElement | HTMLTextAreaElement) {
    const next = input.selectionStart === input.selectionEnd ? input.selectionStart : null;
    if (next !== caret) setActive(0);
    setCaret(next);
  }

  function pick(member: UserSummary) {
    if (!query || caret === null) return;
    const edit = insertMention(value, query, caret, { id: member.id, name: memberName(member) });
    onChange(edit.text);
    setCaret(edit.caret);
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(edit.caret, edit.caret);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + members.length) % members.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(members[current]!);
    } else if (event.key === 'Escape') {
      // Closes the list only, not the dialog around the composer.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(query?.start ?? null);
    }
  }

  return {
    open,
    members,
    active: current,
    listboxId,
    optionId: (index: number) => `${listboxId}-${index}`,
    track,
    pick,
    onKeyDown,
    close: () => setCaret(null),
  };
}
