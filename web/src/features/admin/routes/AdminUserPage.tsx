import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminUser, AuditLogList, MemberReport } from '@crucible/proto';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { ListSkeleton } from '../../../components/Skeletons.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { displayName, failureDescription, formatDateTime, plainText } from '../admin-format.ts';
import { useAdminUser } from '../api/get-admin-user.ts';
import { useMemberActivity } from '../api/get-member-activity.ts';
import { useMemberProfile } from '../api/get-member-profile.ts';
import { CorrectProfileDialog } from '../components/CorrectProfileDialog.tsx';

/**
 * /admin/users/{userId}: one member as the console sees them: the account (auth), what they did
 * that the audit log holds, the reports against what they wrote, and the admin actions taken on them.
 */
export default function AdminUserPage() {
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  const activity = useMemberActivity(userId);
  const name = user.data ? displayName(user.data) : (activity.data?.name ?? 'Member');
  useDocumentTitle(`Admin: ${name}`);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Button component={RouterLink} to="/admin?tab=users" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Back to Admin
      </Button>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      {user.isPending && <ListSkeleton label="Loading the account" rows={2} bordered />}
      {user.error && <Alert severity="error">Failed to load the account: {failureDescription(user.error)}</Alert>}
      {user.data && <Account user={user.data} messagesSent={activity.data?.messagesSent} />}
      <ProfileFacts userId={userId} name={name} />
      {activity.isPending && <ListSkeleton label="Loading the member's activity" rows={3} bordered />}
      {activity.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Failed to load the activity: {failureDescription(activity.error)}
        </Alert>
      )}
      {activity.data && (
        <>
          <Section title="Admin actions on this member" total={activity.data.actionsOn.total}>
            <AuditEntries list={activity.data.actionsOn} by />
          </Section>
          <Section title="Reports against this member" total={activity.data.reportsAgainst.total}>
            <Reports reports={activity.data.reportsAgainst.reports} />
          </Section>
          <Section title="Recent actions by this member" total={activity.data.actionsBy.total}>
            <AuditEntries list={activity.data.actionsBy} />
          </Section>
        </>
      )}
    </Container>
  );
}

function status(user: AdminUser): string {
  if (!user.isActive) return 'Deactivated';
  if (user.suspendedUntil && new Date(user.suspendedUntil) > new Date())
    return `Suspended until ${formatDateTime(user.suspendedUntil)}`;
  if (!user.emailVerified) return 'Unverified';
  return 'Active';
}

function Account({ user, messagesSent }: { user: AdminUser; messagesSent: number | undefined }) {
  const facts: [string, ReactNode][] = [
    ['E-mail', user.email],
    ['Access level', user.accessLevel],
    ['Role', user.isAdmin ? 'Admin' : user.isModerator ? 'Moderator' : 'Member'],
    ['Status', status(user)],
    ['Joined', formatDateTime(user.createdAt)],
    ['Last seen', user.lastSeenAt ? formatDateTime(user.lastSeenAt) : 'Never'],
    ['Direct messages sent', messagesSent ?? '…'],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Account">
      <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
        {facts.map(([label, value]) => (
          <Stack key={label} direction="row" spacing={1}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 170 }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Button size="small" component={RouterLink} to={`/profile/${user.id}`} sx={{ mt: 1 }}>
        Open profile
      </Button>
    </Paper>
  );
}

/** The profile fields an admin may correct, with the correction dialog. */
function ProfileFacts({ userId, name }: { userId: string; name: string }) {
  const profile = useMemberProfile(userId);
  const [correcting, setCorrecting] = useState(false);
  if (!profile.data) return null;
  const facts: [string, string | null][] = [
    ['Job title', profile.data.jobTitle],
    ['Current location', profile.data.currentLocation],
    ['Bio', profile.data.bio],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label="Profile">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Profile
      </Typography>
      <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
        {facts.map(([label, value]) => (
          <Stack key={label} direction="row" spacing={1}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 170 }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {value || '—'}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Button size="small" onClick={() => setCorrecting(true)} sx={{ mt: 1 }}>
        Correct profile
      </Button>
      {correcting && <CorrectProfileDialog profile={profile.data} name={name} onClose={() => setCorrecting(false)} />}
    </Paper>
  );
}

function Section({ title, total, children }: { title: string; total: number; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Chip size="small" label={total} />
      </Stack>
      {total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      ) : (
        children
      )}
    </Paper>
  );
}

/** Audit entries, newest first; `by` names who acted (on the member), else whom it was about. */
function AuditEntries({ list, by = false }: { list: AuditLogList; by?: boolean }) {
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
      {list.logs.map((log) => (
        <li key={log.id}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {formatDateTime(log.createdAt)} · {log.actionType.replaceAll('_', ' ')} · {log.description}
            {by ? ` · by ${log.adminName}` : log.targetUserName ? ` · on ${log.targetUserName}` : ''}
            {typeof (log.details?.reason ?? log.details?.notes) === 'string' &&
              ` · ${String(log.details?.reason ?? log.details?.notes)}`}
          </Typography>
        </li>
      ))}
    </Stack>
  );
}

function Reports({ reports }: { reports: MemberReport[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2 }}>
      {reports.map((report) => (
        <li key={report.id}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {formatDateTime(report.createdAt)} · {report.kind === 'dm_report' ? 'Direct message' : 'Forum post'} ·{' '}
            {report.reportType.replaceAll('_', ' ')} by{' '}
            <MemberLink userId={report.reporterId}>{report.reporterName}</MemberLink>
            {report.reportReason ? ` · ${report.reportReason}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{plainText(report.content)}”
          </Typography>
          <Typography variant="caption" color={report.isResolved ? 'success.main' : 'warning.main'}>
            {report.isResolved
              ? `${report.outcome ? `Resolved: ${report.outcome}` : 'Dismissed'}${report.resolution ? ` · ${report.resolution}` : ''}`
              : 'Open'}
          </Typography>
        </li>
      ))}
    </Stack>
  );
}
