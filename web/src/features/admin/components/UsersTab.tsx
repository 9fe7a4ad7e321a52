import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import { ACCESS_LEVELS, type AccessLevel, type AdminUser } from '@crucible/proto';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { displayName, failureDescription } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { SEARCH_DEBOUNCE_MS, USER_PAGE_SIZE } from '../api/admin-query-keys.ts';
import { useDeleteAdminUser } from '../api/delete-admin-user.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { useSetUserActive } from '../api/set-user-active.ts';
import { useSetAccessLevel } from '../api/set-access-level.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { AdminTableContainer, EmptyTableRow, QueryState, SectionHeader } from './TabSection.tsx';

/** On narrow screens the e-mail moves under the name instead of taking a column of its own. */
const HIDDEN_ON_PHONES = { display: { xs: 'none', md: 'table-cell' } } as const;

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
        onError: (error) =>
          showToast({
            severity: 'error',
            title: ADMIN_TEXTS.accessLevelFailed,
            description: failureDescription(error),
          }),
      },
    );

  const sendReset = (user: AdminUser) =>
    resetPassword.mutate(user.id, {
      onSuccess: ({ emailSent }) =>
        showToast({ severity: 'success', title: emailSent ? ADMIN_TEXTS.resetEmailSent : ADMIN_TEXTS.resetTokenOnly }),
      onError: (error) =>
        showToast({
          severity: 'error',
          title: ADMIN_TEXTS.passwordResetFailed,
          description: failureDescription(error),
        }),
    });

  const changeActive = (user: AdminUser, active: boolean) =>
    setActive.mutate(
      { id: user.id, active },
      {
        onSuccess: () =>
          showToast({ severity: 'success', title: active ? ADMIN_TEXTS.userReactivated : ADMIN_TEXTS.userDeactivated }),
        onError: (error) =>
          showToast({
            severity: 'error',
            title: ADMIN_TEXTS.userUpdateFailed,
            description: failureDescription(error, ADMIN_TEXTS.userUpdateFallback),
          }),
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
        showToast({
          severity: 'error',
          title: ADMIN_TEXTS.userDeleteFailed,
          description: failureDescription(error, ADMIN_TEXTS.userDeleteFallback),
        });
        setDeleting(null);
      },
    });
  };

  const rows = users.data?.users ?? [];
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
      <QueryState
        isPending={users.isPending}
        error={users.error}
        failedText={ADMIN_TEXTS.usersLoadFailed}
        loadingLabel="Loading users"
        columns={5}
        onRetry={() => void users.refetch()}
      >
        <AdminTableContainer label="Users">
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell sx={HIDDEN_ON_PHONES}>Email</TableCell>
                <TableCell>Access Level</TableCell>
                <TableCell>Roles</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <EmptyTableRow
                  columns={5}
                  icon={<PersonSearchOutlinedIcon />}
                  text={ADMIN_TEXTS.noUsers}
                  action={search && <Button onClick={() => setSearch('')}>Clear Search</Button>}
                />
              )}
              {rows.map((user) => (
                <TableRow key={user.id}>
                  <TableCell>
                    {displayName(user)}
                    <Box sx={{ display: { md: 'none' }, color: 'text.secondary', fontSize: '0.8rem' }}>
                      {user.email}
                    </Box>
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
              ))}
            </TableBody>
          </Table>
        </AdminTableContainer>
        <TablePagination
          component="div"
          count={users.data?.total ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={USER_PAGE_SIZE}
          rowsPerPageOptions={[USER_PAGE_SIZE]}
        />
      </QueryState>
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
