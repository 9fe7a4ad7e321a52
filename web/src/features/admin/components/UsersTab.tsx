import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import {
  ACCESS_LEVELS,
  ADMIN_USER_SORTS,
  ADMIN_USER_STATUSES,
  type AccessLevel,
  type AdminUser,
  type AdminUserSort,
  type AdminUserStatus,
} from '@crucible/proto';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Link as RouterLink } from 'react-router-dom';
import { displayName, formatDateTime } from '../admin-format.ts';
import { adminUserPath } from '../admin-paths.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { SEARCH_DEBOUNCE_MS, USER_PAGE_SIZE } from '../api/admin-query-keys.ts';
import { useDeleteAdminUser } from '../api/delete-admin-user.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { useSetUserActive } from '../api/set-user-active.ts';
import { useSetAccessLevel } from '../api/set-access-level.ts';
import { AdminTable, type AdminTableHeading } from './AdminTable.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { SectionHeader } from './TabSection.tsx';
import { useFailureToast } from './use-failure-toast.ts';
import { MemberLink } from '../../../components/MemberLink.tsx';

/** On narrow screens the e-mail moves under the name instead of taking a column of its own. */
const HIDDEN_ON_PHONES = { display: { xs: 'none', md: 'table-cell' } } as const;

const USER_HEADINGS: readonly AdminTableHeading[] = [
  'Name',
  { key: 'email', label: 'Email', sx: HIDDEN_ON_PHONES },
  'Access Level',
  'Roles',
  'Last seen',
  'Actions',
];

const STATUS_LABELS: Record<AdminUserStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  deactivated: 'Deactivated',
  unverified: 'Unverified',
};
const SORT_LABELS: Record<AdminUserSort, string> = {
  joined: 'Joined (newest first)',
  name: 'Name (A to Z)',
  last_seen: 'Last seen (most recent first)',
};

/** What the confirmation says about a level change: raising to Admin or taking Admin away gets spelled out. */
function levelChangeMessage(user: AdminUser, accessLevel: AccessLevel): string {
  const name = displayName(user);
  if (accessLevel === 'Admin')
    return `Make ${name} an Admin? An Admin can read every direct message, suspend, deactivate and delete members, change anyone's access level (including other admins') and read the audit log.`;
  if (user.accessLevel === 'Admin' && !user.isAdmin)
    return `Change ${name} from Admin to ${accessLevel}? They lose the admin console at once. The last admin cannot be removed.`;
  return `Change ${name}'s access level from ${user.accessLevel} to ${accessLevel}?`;
}

/** Users: a searchable page of 10, level changes in place, edit, password reset and delete. */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [tier, setTier] = useState<AccessLevel | 'all'>('all');
  const [status, setStatus] = useState<AdminUserStatus | 'all'>('all');
  const [role, setRole] = useState<'admin' | 'member' | 'all'>('all');
  const [sort, setSort] = useState<AdminUserSort>('joined');
  const [levelChange, setLevelChange] = useState<{ user: AdminUser; accessLevel: AccessLevel } | null>(null);
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers({
    limit: USER_PAGE_SIZE,
    offset: page * USER_PAGE_SIZE,
    search: settledSearch,
    tier: tier === 'all' ? undefined : tier,
    status: status === 'all' ? undefined : status,
    role: role === 'all' ? undefined : role,
    sort,
  });
  const filter = <Value extends string>(
    label: string,
    value: Value,
    onChange: (value: Value) => void,
    options: readonly (readonly [Value, string])[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        onChange(event.target.value as Value);
        setPage(0);
      }}
      sx={{ minWidth: 150 }}
    >
      {options.map(([option, text]) => (
        <MenuItem key={option} value={option}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const setActive = useSetUserActive();
  const setLevel = useSetAccessLevel();
  const resetPassword = useSendPasswordReset();
  const deleteUser = useDeleteAdminUser();
  const showToast = useToast();
  const toastFailure = useFailureToast();

  const changeLevel = (user: AdminUser, accessLevel: AccessLevel) =>
    setLevel.mutate(
      { id: user.id, accessLevel },
      {
        onSuccess: () =>
          showToast({
            severity: 'success',
            title: ADMIN_TEXTS.accessLevelUpdated,
            description: `${displayName(user)} is now ${accessLevel}.`,
          }),
        onError: (error) => toastFailure(ADMIN_TEXTS.accessLevelFailed, error),
        onSettled: () => setLevelChange(null),
      },
    );

  const sendReset = (user: AdminUser) =>
    resetPassword.mutate(user.id, {
      onSuccess: ({ emailSent }) =>
        showToast({ severity: 'success', title: emailSent ? ADMIN_TEXTS.resetEmailSent : ADMIN_TEXTS.resetTokenOnly }),
      onError: (error) => toastFailure(ADMIN_TEXTS.passwordResetFailed, error),
    });

  const changeActive = (user: AdminUser, active: boolean) =>
    setActive.mutate(
      { id: user.id, active },
      {
        onSuccess: () =>
          showToast({ severity: 'success', title: active ? ADMIN_TEXTS.userReactivated : ADMIN_TEXTS.userDeactivated }),
        onError: (error) => toastFailure(ADMIN_TEXTS.userUpdateFailed, error, ADMIN_TEXTS.userUpdateFallback),
        onSettled: () => setDeactivating(null),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(deleting.id, {
      onSuccess: () => {
        showToast({ severity: 'success', title: ADMIN_TEXTS.userDeleted });
        setDeleting(null);
      },
      onError: (error) => {
        toastFailure(ADMIN_TEXTS.userDeleteFailed, error, ADMIN_TEXTS.userDeleteFallback);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <SectionHeader title="User Management">
        <TextField
          size="small"
          type="search"
          label="Search users"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: { sm: 280 } }}
        />
        {filter('Tier', tier, setTier, [
          ['all', 'All tiers'],
          ...ACCESS_LEVELS.map((level) => [level, level] as const),
        ])}
        {filter('Status', status, setStatus, [
          ['all', 'All statuses'],
          ...ADMIN_USER_STATUSES.map((value) => [value, STATUS_LABELS[value]] as const),
        ])}
        {filter('Role', role, setRole, [
          ['all', 'All roles'],
          ['admin', 'Admins'],
          ['member', 'Members'],
        ])}
        {filter(
          'Sort',
          sort,
          setSort,
          ADMIN_USER_SORTS.map((value) => [value, SORT_LABELS[value]] as const),
        )}
      </SectionHeader>
      <AdminTable
        query={users}
        failedText={ADMIN_TEXTS.usersLoadFailed}
        loadingLabel="Loading users"
        label="Users"
        headings={USER_HEADINGS}
        rows={users.data?.users}
        empty={{
          icon: <PersonSearchOutlinedIcon />,
          text: ADMIN_TEXTS.noUsers,
          action: search && <Button onClick={() => setSearch('')}>Clear Search</Button>,
        }}
        paging={{ page, total: users.data?.total ?? 0, onPageChange: setPage }}
        renderRow={(user) => (
          <TableRow key={user.id}>
            <TableCell>
              <MemberLink userId={user.id}>{displayName(user)}</MemberLink>
              <Button
                size="small"
                component={RouterLink}
                to={adminUserPath(user.id)}
                aria-label={`User view of ${displayName(user)}`}
                sx={{ ml: 1, minWidth: 0, py: 0 }}
              >
                User view
              </Button>
              <Box sx={{ display: { md: 'none' }, color: 'text.secondary', fontSize: '0.8rem' }}>{user.email}</Box>
            </TableCell>
            <TableCell sx={{ ...HIDDEN_ON_PHONES, overflowWrap: 'anywhere' }}>{user.email}</TableCell>
            <TableCell>
              <TextField
                select
                size="small"
                value={user.accessLevel}
                onChange={(event) => setLevelChange({ user, accessLevel: event.target.value as AccessLevel })}
                slotProps={{ htmlInput: { 'aria-label': `Access level of ${displayName(user)}` } }}
                sx={{ minWidth: 130 }}
              >
                {ACCESS_LEVELS.map((level) => (
                  <MenuItem key={level} value={level}>
                    {level}
                  </MenuItem>
                ))}
              </TextField>
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {user.isAdmin && <Chip size="small" color="secondary" label="Admin" />}
                {user.isModerator && <Chip size="small" color="info" label="Moderator" />}
                {!user.isActive && <Chip size="small" color="error" label="Deactivated" />}
                {user.suspendedUntil && (
                  <Chip size="small" color="warning" label={`Suspended until ${formatDateTime(user.suspendedUntil)}`} />
                )}
                {!user.emailVerified && <Chip size="small" variant="outlined" label="Unverified" />}
                {user.authProvider !== 'email' && <Chip size="small" variant="outlined" label="External" />}
              </Stack>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {user.lastSeenAt ? formatDateTime(user.lastSeenAt) : 'Never'}
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                <Button size="small" onClick={() => setEditing(user)} aria-label={`Edit ${displayName(user)}`}>
                  Edit
                </Button>
                {user.authProvider === 'email' && (
                  <Button
                    size="small"
                    onClick={() => sendReset(user)}
                    aria-label={`Reset password of ${displayName(user)}`}
                  >
                    Reset Password
                  </Button>
                )}
                {user.isActive ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeactivating(user)}
                    aria-label={`Deactivate ${displayName(user)}`}
                  >
                    Deactivate
                  </Button>
                ) : (
                  <Button
                    size="small"
                    onClick={() => changeActive(user, true)}
                    aria-label={`Reactivate ${displayName(user)}`}
                  >
                    Reactivate
                  </Button>
                )}
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(user)}
                  aria-label={`Delete ${displayName(user)}`}
                >
                  Delete
                </Button>
              </Stack>
            </TableCell>
          </TableRow>
        )}
      />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={levelChange !== null}
        title={levelChange?.accessLevel === 'Admin' ? 'Make an Admin' : 'Change access level'}
        message={levelChange ? levelChangeMessage(levelChange.user, levelChange.accessLevel) : ''}
        confirmLabel={levelChange?.accessLevel === 'Admin' ? 'Make Admin' : 'Change'}
        pending={setLevel.isPending}
        onConfirm={() => levelChange && changeLevel(levelChange.user, levelChange.accessLevel)}
        onCancel={() => setLevelChange(null)}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title="Deactivate user"
        message={`Deactivate ${deactivating ? displayName(deactivating) : ''}? They are signed out and cannot sign in until reactivated.`}
        confirmLabel="Deactivate"
        pending={setActive.isPending}
        onConfirm={() => deactivating && changeActive(deactivating, false)}
        onCancel={() => setDeactivating(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        message={`Delete ${deleting ? displayName(deleting) : ''}? Their account and sessions are removed; this cannot be undone.`}
        confirmLabel="Delete"
        pending={deleteUser.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
