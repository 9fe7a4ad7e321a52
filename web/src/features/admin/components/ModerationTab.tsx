import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import { bulkDeleteSchema, bulkFlagSchema } from '@crucible/proto';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useToast } from '../../../components/toast/toast-context.ts';
import { displayName, formatDateTime, plainText, preview } from '../admin-format.ts';
import { SEARCH_DEBOUNCE_MS, USER_PICKER_LIMIT } from '../api/admin-query-keys.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useBulkModerate, type BulkAction } from '../api/bulk-moderate.ts';
import { useAdminDirectMessages } from '../api/get-direct-messages.ts';
import { AdminTable } from './AdminTable.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { SectionHeader } from './TabSection.tsx';
import { useFailureToast } from './use-failure-toast.ts';

/** How many messages one page of the moderation list shows. */
const MODERATION_PAGE_SIZE = 50;
const PRIORITIES = [1, 2, 3, 4, 5] as const;
const PREVIEW_CHARS = 120;

/**
 * Moderation: search every direct message (by member, text and day, UTC) page by page, pick some and
 * delete or flag them together, with a reason (required).
 */
export function ModerationTab() {
  const [memberId, setMemberId] = useState('all');
  const [text, setText] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [page, setPage] = useState(0);
  const settledText = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const messages = useAdminDirectMessages({
    memberId: memberId === 'all' ? undefined : memberId,
    q: settledText,
    from: fromDay ? `${fromDay}T00:00:00.000Z` : undefined,
    to: toDay ? `${toDay}T23:59:59.999Z` : undefined,
    limit: MODERATION_PAGE_SIZE,
    offset: page * MODERATION_PAGE_SIZE,
  });
  const members = useAdminUsers({ limit: USER_PICKER_LIMIT, offset: 0, sort: 'name' });
  const onSearchChange =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(0);
    };
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [action, setAction] = useState<BulkAction>('delete');
  const [reason, setReason] = useState('');
  const [priority, setPriority] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkModerate();
  const showToast = useToast();
  const toastFailure = useFailureToast();

  const selectable = (messages.data?.messages ?? []).filter((message) => !message.isDeletedByAdmin);
  const allSelected = selectable.length > 0 && selectable.every((message) => selected.has(message.id));
  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const validate = (event: FormEvent) => {
    event.preventDefault();
    const schema = action === 'delete' ? bulkDeleteSchema : bulkFlagSchema;
    const parsed = schema.safeParse({ messageIds: [...selected], reason, priority });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ADMIN_TEXTS.genericFallback);
      return;
    }
    setProblem(null);
    if (action === 'delete') setConfirming(true);
    else run();
  };

  const run = () => {
    bulk.mutate(
      { action, messageIds: [...selected], reason: reason.trim(), priority },
      {
        onSuccess: (count) => {
          showToast({
            severity: 'success',
            title: action === 'delete' ? ADMIN_TEXTS.messagesDeleted : ADMIN_TEXTS.messagesFlagged,
            description: `${count} message${count === 1 ? '' : 's'}`,
          });
          setSelected(new Set());
          setReason('');
        },
        onError: (error) =>
          toastFailure(action === 'delete' ? ADMIN_TEXTS.bulkDeleteFailed : ADMIN_TEXTS.bulkFlagFailed, error),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <>
      <SectionHeader title="Bulk Moderation">
        <TextField
          select
          size="small"
          label="Member"
          value={memberId}
          onChange={(event) => onSearchChange(setMemberId)(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">All members</MenuItem>
          {(members.data?.users ?? []).map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {displayName(user)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label="Search messages"
          value={text}
          onChange={(event) => onSearchChange(setText)(event.target.value)}
        />
        <TextField
          size="small"
          type="date"
          label="Sent from"
          value={fromDay}
          onChange={(event) => onSearchChange(setFromDay)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="Sent to"
          value={toDay}
          onChange={(event) => onSearchChange(setToDay)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </SectionHeader>
      <Paper variant="outlined" component="form" noValidate onSubmit={validate} sx={{ p: 2, mb: 2 }}>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label="Action"
            value={action}
            onChange={(event) => setAction(event.target.value as BulkAction)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="delete">Delete</MenuItem>
            <MenuItem value="flag">Flag</MenuItem>
          </TextField>
          {action === 'flag' && (
            <TextField
              select
              size="small"
              label="Priority"
              value={priority}
              onChange={(event) => setPriority(Number(event.target.value))}
              sx={{ minWidth: 110 }}
            >
              {PRIORITIES.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            size="small"
            label="Reason"
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={problem === ADMIN_TEXTS.reasonRequired}
            sx={{ flexGrow: 1 }}
          />
          <Button
            type="submit"
            variant="contained"
            color={action === 'delete' ? 'error' : 'primary'}
            loading={bulk.isPending}
          >
            {action === 'delete' ? 'Delete Selected' : 'Flag Selected'} ({selected.size})
          </Button>
        </Stack>
      </Paper>
      <AdminTable
        query={messages}
        failedText="Failed to fetch messages"
        loadingLabel="Loading messages"
        label="Messages"
        tableLabel="Messages to moderate"
        headings={[
          {
            key: 'select',
            padding: 'checkbox',
            label: (
              <Checkbox
                checked={allSelected}
                indeterminate={selected.size > 0 && !allSelected}
                disabled={selectable.length === 0}
                onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((message) => message.id)))}
                slotProps={{ input: { 'aria-label': 'Select all messages' } }}
              />
            ),
          },
          'From',
          'To',
          'Message',
          'Sent',
        ]}
        rows={messages.data?.messages}
        empty={{ icon: <ChatOutlinedIcon />, text: 'No messages found' }}
        paging={{ page, total: messages.data?.total ?? 0, onPageChange: setPage }}
        renderRow={(message) => {
          const text = preview(plainText(message.content), PREVIEW_CHARS);
          return (
            <TableRow key={message.id} selected={selected.has(message.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(message.id)}
                  disabled={message.isDeletedByAdmin}
                  onChange={() => toggle(message.id)}
                  slotProps={{ input: { 'aria-label': `Select message: ${text}` } }}
                />
              </TableCell>
              <TableCell>{message.senderName}</TableCell>
              <TableCell>{message.recipientName}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>
                {message.isDeletedByAdmin ? (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    <s>{text}</s> (deleted: {message.deletionReason ?? 'no reason'})
                  </Box>
                ) : (
                  text
                )}
              </TableCell>
              <TableCell>{formatDateTime(message.createdAt)}</TableCell>
            </TableRow>
          );
        }}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete messages"
        message={`Delete ${selected.size} message${selected.size === 1 ? '' : 's'}? Both members lose them; this cannot be undone.`}
        confirmLabel="Delete"
        pending={bulk.isPending}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
