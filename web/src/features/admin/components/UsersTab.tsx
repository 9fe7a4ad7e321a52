import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import { ACCESS_LEVELS, type AccessLevel, type AdminUser } from '@crucible/proto';
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
import { displayName } from '../admin-format.ts';
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
  'Actions',
];

/** Users: a searchable page of 10, level changes in place, edit, password reset and delete. */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers({ limit: USER_PAGE_SIZE, offset: page * USER_PAGE_SIZE, search: settledSearch });
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
              <Box sx={{ display: { md: 'none' }, color: 'text.secondary', fontSize: '0.8rem' }}>{user.email}</Box>
            </TableCell>
            <TableCell sx={{ ...HIDDEN_ON_PHONES, overflowWrap: 'anywhere' }}>{user.email}</TableCell>
            <TableCell>
              <TextField
                select
                size="small"
                value={user.accessLevel}
                onChange={(event) => changeLevel(user, event.target.value as AccessLevel)}
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
                {!user.emailVerified && <Chip size="small" variant="outlined" label="Unverified" />}
                {user.authProvider !== 'email' && <Chip size="small" variant="outlined" label="External" />}
              </Stack>
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
