import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { AUDIT_FILTER_ACTION_TYPES, type AdminActionType } from '@crucible/proto';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { displayName, formatDateTime, truncateUserAgent } from '../admin-format.ts';
import { USER_PAGE_SIZE, USER_PICKER_LIMIT } from '../api/admin-query-keys.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useAuditLogs } from '../api/get-audit-logs.ts';
import { AdminTable } from './AdminTable.tsx';
import { SectionHeader } from './TabSection.tsx';

const actionLabel = (type: string) => type.replaceAll('_', ' ');

const AUDIT_HEADINGS = ['Time', 'Admin', 'Action', 'Description', 'IP Address', 'User Agent'];

/** Audit Logs: newest first, filtered by action type and admin; read only. */
export function AuditLogsTab() {
  const [actionType, setActionType] = useState<'all' | AdminActionType>('all');
  const [adminId, setAdminId] = useState('all');
  const [page, setPage] = useState(0);
  const logs = useAuditLogs({ actionType, adminId, limit: USER_PAGE_SIZE, offset: page * USER_PAGE_SIZE });
  // Spec 3 section 7: the admin filter is fed by the user list.
  const users = useAdminUsers({ limit: USER_PICKER_LIMIT, offset: 0 });
  const admins = (users.data?.users ?? []).filter((user) => user.isAdmin || user.accessLevel === 'Admin');

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
          {AUDIT_FILTER_ACTION_TYPES.map((type) => (
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
