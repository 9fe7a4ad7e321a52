import { ADMIN_MESSAGES, type ReviewItem, type ReviewQueueQuery } from '@crucible/proto';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { failureDescription, formatDateTime, plainText } from '../admin-format.ts';
import { adminUserPath } from '../admin-paths.ts';
import { useReviewQueue } from '../api/get-review-queue.ts';
import { useResolveReviewItem } from '../api/resolve-review-item.ts';
import { DialogForm } from './DialogForm.tsx';
import { MessageActions } from './MessageActions.tsx';
import { SectionHeader } from './TabSection.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';
import { MemberLink } from '../../../components/MemberLink.tsx';

const KIND_LABELS = { dm_report: 'Direct message', post_report: 'Forum post' } as const;
const OUTCOMES = [
  ['dismiss', 'Dismiss'],
  ['delete', 'Delete the content'],
  ['warn', 'Warn the member'],
  ['suspend', 'Suspend the member'],
  ['ban', 'Deactivate the member'],
] as const;

/** The review queue: every reported message and forum post once, with its context and reporters. */
export function ReviewQueueTab() {
  const [query, setQuery] = useState<Required<Pick<ReviewQueueQuery, 'kind' | 'status' | 'sort'>>>({
    kind: 'all',
    status: 'open',
    sort: 'newest',
  });
  const queue = useReviewQueue(query);
  const [acting, setActing] = useState<ReviewItem | null>(null);
  const filter = (name: keyof typeof query, label: string, options: [string, string][]) => (
    <TextField
      select
      size="small"
      label={label}
      value={query[name]}
      onChange={(event) => setQuery({ ...query, [name]: event.target.value })}
      sx={{ minWidth: 160 }}
    >
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <SectionHeader title="Review Queue" />
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 2 }}>
        {filter('kind', 'Kind', [
          ['all', 'All kinds'],
          ['dm_report', 'Direct messages'],
          ['post_report', 'Forum posts'],
        ])}
        {filter('status', 'Status', [
          ['open', 'Open'],
          ['resolved', 'Resolved'],
          ['all', 'All'],
        ])}
        {filter('sort', 'Sort', [
          ['newest', 'Newest first'],
          ['most_reported', 'Most reported first'],
        ])}
      </Stack>
      {queue.isPending && <ListSkeleton label="Loading the review queue" rows={3} bordered />}
      {queue.error && <Typography color="error">{failureDescription(queue.error)}</Typography>}
      {queue.data?.items.length === 0 && <Typography color="text.secondary">Nothing to review</Typography>}
      <Stack component="ol" aria-label="Review queue" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {queue.data?.items.map((item) => (
          <QueueItem key={`${item.kind}:${item.targetId}`} item={item} onAct={() => setActing(item)} />
        ))}
      </Stack>
      <Dialog open={acting !== null} onClose={() => setActing(null)} fullWidth maxWidth="sm">
        {acting && <ActionForm item={acting} onClose={() => setActing(null)} />}
      </Dialog>
    </>
  );
}

function QueueItem({ item, onAct }: { item: ReviewItem; onAct: () => void }) {
  const [showContext, setShowContext] = useState(false);
  const label = `${KIND_LABELS[item.kind]} by ${item.authorName}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-label={label}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" label={KIND_LABELS[item.kind]} />
        <Typography variant="subtitle2">
          <MemberLink userId={item.authorId}>{item.authorName}</MemberLink>
        </Typography>
        <Button
          size="small"
          component={RouterLink}
          to={adminUserPath(item.authorId)}
          aria-label={`User view of ${item.authorName}`}
        >
          User view
        </Button>
        <Chip size="small" color="warning" label={`${item.reportCount} report${item.reportCount === 1 ? '' : 's'}`} />
        {item.isResolved && (
          <Chip size="small" color="success" label={item.outcome ? `Resolved: ${item.outcome}` : 'Dismissed'} />
        )}
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {plainText(item.content)}
      </Typography>
      {item.resolution && (
        <Typography variant="caption" color="text.secondary">
          Resolution notes: {item.resolution}
        </Typography>
      )}
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        Reported by
      </Typography>
      <ul aria-label={`Reports of ${label}`} style={{ margin: 0 }}>
        {item.reports.map((report) => (
          <li key={report.id}>
            <Typography variant="body2">
              {report.reporterName} · {report.reportType.replaceAll('_', ' ')}
              {report.reportReason ? ` · ${report.reportReason}` : ''} · {formatDateTime(report.createdAt)}
            </Typography>
          </li>
        ))}
      </ul>
      {item.earlierActions.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            Earlier actions on this member
          </Typography>
          <ul style={{ margin: 0 }}>
            {item.earlierActions.map((action) => (
              <li key={`${action.createdAt}-${action.description}`}>
                <Typography variant="body2">
                  {formatDateTime(action.createdAt)} · {action.description}
                </Typography>
              </li>
            ))}
          </ul>
        </>
      )}
      {showContext && <Context item={item} />}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" onClick={() => setShowContext(!showContext)} aria-expanded={showContext}>
          {showContext ? 'Hide context' : 'Show context'}
        </Button>
        {!item.isResolved && (
          <Button size="small" variant="contained" onClick={onAct} aria-label={`Act on ${label}`}>
            Act
          </Button>
        )}
        {item.kind === 'dm_report' && !item.isResolved && (
          <MessageActions messageId={item.targetId} label={`the message by ${item.authorName}`} deleted={false} />
        )}
      </Stack>
    </Paper>
  );
}

function Context({ item }: { item: ReviewItem }) {
  const { messages, discussion } = item.context;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mt: 1 }} aria-label="Context">
      {discussion && (
        <Link
          component={RouterLink}
          to={`/forums?discussion=${discussion.id}${discussion.replyId ? `&reply=${discussion.replyId}` : ''}`}
        >
          In the discussion “{discussion.title}”
        </Link>
      )}
      {messages?.map((message) => (
        <Typography
          key={message.id}
          variant="body2"
          sx={{ fontWeight: message.isReported ? 700 : 400, overflowWrap: 'anywhere' }}
        >
          {formatDateTime(message.sentAt)} · {message.senderName}: {plainText(message.content)}
        </Typography>
      ))}
    </Paper>
  );
}

function ActionForm({ item, onClose }: { item: ReviewItem; onClose: () => void }) {
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number][0]>('dismiss');
  const [days, setDays] = useState('1');
  const [notes, setNotes] = useState('');
  const resolve = useResolveReviewItem();
  const { problem, setProblem, callbacks } = useDialogOutcome({
    succeeded: 'Review recorded',
    failed: 'Error resolving report',
    onClose,
  });
  const submit = () => {
    const dayCount = Number(days);
    if (outcome === 'suspend' && !(Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 365)) {
      setProblem('Suspend for 1 to 365 days');
      return;
    }
    if (outcome === 'warn' && !notes.trim()) {
      setProblem(ADMIN_MESSAGES.warningTextRequired);
      return;
    }
    resolve.mutate(
      {
        kind: item.kind,
        targetId: item.targetId,
        outcome,
        notes: notes.trim(),
        until: outcome === 'suspend' ? new Date(Date.now() + dayCount * 86_400_000).toISOString() : undefined,
      },
      callbacks,
    );
  };
  return (
    <DialogForm
      title="Review Report"
      problem={problem}
      submitLabel="Apply"
      pending={resolve.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        label="Action"
        value={outcome}
        onChange={(event) => setOutcome(event.target.value as typeof outcome)}
        fullWidth
        sx={{ mt: 1 }}
      >
        {OUTCOMES.map(([value, text]) => (
          <MenuItem key={value} value={value}>
            {text}
          </MenuItem>
        ))}
      </TextField>
      {outcome === 'suspend' && (
        <TextField
          label="Days"
          type="number"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 365 } }}
          sx={{ mt: 2 }}
        />
      )}
      <TextField
        label={outcome === 'warn' ? 'Warning (the member reads this)' : 'Notes'}
        helperText={
          outcome === 'warn' ? 'Sent to the member as a notification' : 'The reason, recorded in the audit log'
        }
        multiline
        minRows={2}
        fullWidth
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        sx={{ mt: 2 }}
      />
    </DialogForm>
  );
}
