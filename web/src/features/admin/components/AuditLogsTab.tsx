import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { ADMIN_ACTION_TYPES, type AdminActionType } from '@crucible/proto';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { displayName, formatDateTime, truncateUserAgent } from '../admin-format.ts';
import { USER_PAGE_SIZE, USER_PICKER_LIMIT } from '../api/admin-query-keys.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useDownloadAuditLogs } from '../api/download-audit-logs.ts';
import { useAuditLogs, type AuditLogFilter } from '../api/get-audit-logs.ts';
import { useFailureToast } from './use-failure-toast.ts';
import { AdminTable } from './AdminTable.tsx';
import { SectionHeader } from './TabSection.tsx';

const actionLabel = (type: string) => type.replaceAll('_', ' ');

const AUDIT_HEADINGS = ['Time', 'Admin', 'Action', 'Target', 'Description', 'IP Address', 'User Agent'];

/** A date field's day as the start or the end of that day in UTC (the log's times are UTC). */
const dayStart = (day: string) => (day ? `${day}T00:00:00.000Z` : undefined);
const dayEnd = (day: string) => (day ? `${day}T23:59:59.999Z` : undefined);

/**
 * Audit Logs: newest first, filtered by every action type the services record, by admin, target
 * member and day range (UTC); read only. Export CSV downloads the rows the filters select.
 */
export function AuditLogsTab() {
  const [actionType, setActionType] = useState<'all' | AdminActionType>('all');
  const [adminId, setAdminId] = useState('all');
  const [targetUserId, setTargetUserId] = useState('all');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [page, setPage] = useState(0);
  const filter: AuditLogFilter = {
    actionType,
    adminId,
    targetUserId: targetUserId === 'all' ? undefined : targetUserId,
    from: dayStart(fromDay),
    to: dayEnd(toDay),
  };
  const logs = useAuditLogs({ ...filter, limit: USER_PAGE_SIZE, offset: page * USER_PAGE_SIZE });
  const download = useDownloadAuditLogs();
  const toastFailure = useFailureToast();
  // The admin filter is fed by the user list.
  const users = useAdminUsers({ limit: USER_PICKER_LIMIT, offset: 0 });
  const admins = (users.data?.users ?? []).filter((user) => user.isAdmin || user.accessLevel === 'Admin');
  const dateField = (label: string, value: string, onChange: (day: string) => void) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
        setPage(0);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <>
      <SectionHeader title="Audit Logs">
        <TextField
          select
          size="small"
          label="Action"
          value={actionType}
          onChange={(event) => {
            setActionType(event.target.value as 'all' | AdminActionType);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">All actions</MenuItem>
          {ADMIN_ACTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {actionLabel(type)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Admin"
          value={adminId}
          onChange={(event) => {
            setAdminId(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">All admins</MenuItem>
          {admins.map((admin) => (
            <MenuItem key={admin.id} value={admin.id}>
              {displayName(admin)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Target member"
          value={targetUserId}
          onChange={(event) => {
            setTargetUserId(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">All members</MenuItem>
          {(users.data?.users ?? []).map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {displayName(user)}
            </MenuItem>
          ))}
        </TextField>
        {dateField('From', fromDay, setFromDay)}
        {dateField('To', toDay, setToDay)}
        <Button
          variant="outlined"
          loading={download.isPending}
          onClick={() => download.mutate(filter, { onError: (error) => toastFailure('Export failed', error) })}
        >
          Export CSV
        </Button>
      </SectionHeader>
      <AdminTable
        query={logs}
        failedText="Failed to fetch audit logs"
        loadingLabel="Loading audit logs"
        label="Audit log"
        tableLabel="Audit logs"
        headings={AUDIT_HEADINGS}
        rows={logs.data?.logs}
        empty={{ icon: <HistoryOutlinedIcon />, text: 'No audit log entries' }}
        paging={{ page, total: logs.data?.total ?? 0, onPageChange: setPage }}
        renderRow={(entry) => (
          <TableRow key={entry.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
            <TableCell>{entry.adminName}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                color={entry.success ? 'default' : 'error'}
                label={actionLabel(entry.actionType)}
              />
            </TableCell>
            <TableCell>{entry.targetUserName ?? '—'}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>{entry.description}</TableCell>
            <TableCell>{entry.ipAddress ?? '—'}</TableCell>
            <TableCell title={entry.userAgent ?? undefined} sx={{ minWidth: 160 }}>
              {truncateUserAgent(entry.userAgent)}
            </TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
